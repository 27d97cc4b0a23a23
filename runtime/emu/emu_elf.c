/*
 * emu_elf.c -- finds the pipe descriptors of a loaded kernel object.
 *
 * <sluice.h> puts every pipe descriptor (a static const struct
 * sluice_pipe_desc) in section "sluice.pipes".  The descriptors are local
 * symbols, invisible to dlsym, so this reads the object file's section
 * headers and symbol table: every object symbol defined in that section is
 * a descriptor, found in memory at load base + st_value (already
 * relocated by the dynamic loader).  Without a symbol table (stripped
 * object) the section is read as an array of descriptors.  ELF64 only.
 */
#include "emu_internal.h"

#include <elf.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

static int elf_fail(struct sluice_emu *emu, const char *path, const char *why)
{
	snprintf(emu->msg, sizeof emu->msg, "cannot read the pipes of '%s': %s",
		 path, why);
	return -1;
}

static int scan(struct sluice_emu *emu, const char *path, uintptr_t base,
		const unsigned char *img, size_t size)
{
	const Elf64_Ehdr *eh = (const void *)img;
	if (size < sizeof *eh || memcmp(eh->e_ident, ELFMAG, SELFMAG))
		return elf_fail(emu, path, "not an ELF file");
	if (eh->e_ident[EI_CLASS] != ELFCLASS64)
		return elf_fail(emu, path, "not a 64-bit ELF file");
	if (eh->e_shoff == 0 || eh->e_shentsize != sizeof(Elf64_Shdr) ||
	    eh->e_shoff + (size_t)eh->e_shnum * sizeof(Elf64_Shdr) > size ||
	    eh->e_shstrndx >= eh->e_shnum)
		return elf_fail(emu, path, "bad section headers");
	const Elf64_Shdr *sh = (const void *)(img + eh->e_shoff);
	const Elf64_Shdr *names = &sh[eh->e_shstrndx];
	if (names->sh_offset + names->sh_size > size)
		return elf_fail(emu, path, "bad section name table");

	unsigned pipes = 0, symtab = 0;
	for (unsigned i = 1; i < eh->e_shnum; i++) {
		if (sh[i].sh_name >= names->sh_size)
			continue;
		const char *nm = (const char *)img + names->sh_offset + sh[i].sh_name;
		if (!strcmp(nm, "sluice.pipes"))
			pipes = i;
		if (sh[i].sh_type == SHT_SYMTAB)
			symtab = i;
	}
	if (!pipes)
		return 0; /* a kernel file without pipes */

	const size_t dsz = sizeof(struct sluice_pipe_desc);
	if (!symtab) {
		for (size_t off = 0; off + dsz <= sh[pipes].sh_size; off += dsz) {
			const void *d = (const void *)(base + sh[pipes].sh_addr + off);
			if (!emu_queue_add(emu, d))
				return -1;
		}
		return 0;
	}
	const Elf64_Shdr *st = &sh[symtab];
	if (st->sh_offset + st->sh_size > size || st->sh_link >= eh->e_shnum ||
	    st->sh_entsize != sizeof(Elf64_Sym))
		return elf_fail(emu, path, "bad symbol table");
	const Elf64_Sym *sym = (const void *)(img + st->sh_offset);
	size_t nsym = st->sh_size / sizeof *sym;
	for (size_t i = 0; i < nsym; i++) {
		if (sym[i].st_shndx != pipes ||
		    ELF64_ST_TYPE(sym[i].st_info) != STT_OBJECT ||
		    sym[i].st_size != dsz)
			continue;
		const void *d = (const void *)(base + sym[i].st_value);
		if (!emu_queue_add(emu, d))
			return -1;
	}
	return 0;
}

int emu_elf_pipes(struct sluice_emu *emu, const char *path, uintptr_t base)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return elf_fail(emu, path, "cannot open it");
	struct stat stt;
	if (fstat(fd, &stt) || stt.st_size <= 0) {
		close(fd);
		return elf_fail(emu, path, "cannot stat it");
	}
	void *img = mmap(NULL, (size_t)stt.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
	close(fd);
	if (img == MAP_FAILED)
		return elf_fail(emu, path, "cannot map it");
	int rc = scan(emu, path, base, img, (size_t)stt.st_size);
	munmap(img, (size_t)stt.st_size);
	return rc;
}
