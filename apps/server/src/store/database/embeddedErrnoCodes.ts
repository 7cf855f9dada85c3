/**
 * The errno numbers of the embedded store's file system (Emscripten's, not Linux's):
 * PGlite throws an `ErrnoError` with only `errno` set, so its meaning is read here.
 *
 * @example
 * embeddedErrnoCodes[51]; // "ENOSPC"
 */
export const embeddedErrnoCodes: Readonly<Record<number, string>> = {
  2: "EACCES",
  19: "EDQUOT",
  29: "EIO",
  44: "ENOENT",
  51: "ENOSPC",
  54: "ENOTDIR",
  63: "EPERM",
  69: "EROFS",
};
