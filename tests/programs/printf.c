/* printf has no meaning in hardware: an error at its line */
#include <stdio.h>

int main(void)
{
	int s = 0;
	for (int i = 0; i < 10; i++)
		s += i;
	printf("%d\n", s);
	return s != 45;
}
