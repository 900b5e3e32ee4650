// The loader of the shell's later parts (shell-parts.ts), apart from them: importing it brings none
// of their code into the first view's chunk.
export const loadShellParts = () => import('./shell-parts.ts');
