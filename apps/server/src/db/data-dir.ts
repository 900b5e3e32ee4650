// The embedded database's folder holds password hashes and balances: only the server's own account
// may enter it. PGlite writes its files through Emscripten, which asks for mode 0666 whatever the
// umask says, so the folder is made 0700 (nothing inside is reachable through it by others) and
// every entry already in it is stripped of group and other permissions as well.
import { chmodSync, existsSync, lstatSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

const PRIVATE_DIRECTORY = 0o700;
const GROUP_AND_OTHER = 0o077;

/**
 * Creates the folder private, or makes an existing one private. Returns how many entries (the
 * folder included) had been readable or writable by others and were tightened.
 */
export function secureDataDir(dataDir: string): number {
  mkdirSync(dataDir, { recursive: true, mode: PRIVATE_DIRECTORY });
  // Only a database folder is walked: a DATA_DIR pointed by mistake at a folder of other things
  // (a home, a project) has its own mode tightened, never everything below it.
  return tighten(dataDir, existsSync(join(dataDir, 'PG_VERSION')));
}

function tighten(path: string, recurse: boolean): number {
  const stat = lstatSync(path);
  // A symbolic link's own mode means nothing, and chmod would follow it out of the folder.
  if (stat.isSymbolicLink()) return 0;
  let tightened = 0;
  const mode = stat.mode & 0o7777;
  if (mode & GROUP_AND_OTHER) {
    chmodSync(path, mode & ~GROUP_AND_OTHER);
    tightened += 1;
  }
  if (recurse && stat.isDirectory()) {
    for (const name of readdirSync(path)) tightened += tighten(join(path, name), true);
  }
  return tightened;
}
