/**
 * The one command that installs `tarballs` into a project, as `npm run pack` prints it:
 * every tarball at once, so npm resolves their ranges on one another to these files
 * rather than looking them up on a registry.
 *
 * @param tarballs - absolute paths of the `.tgz` files
 * @example
 * installCommand(["/tmp/x/wsafe-schema-1.0.0.tgz", "/tmp/x/wsafe-client-1.0.0.tgz"]);
 * // "npm install /tmp/x/wsafe-schema-1.0.0.tgz /tmp/x/wsafe-client-1.0.0.tgz"
 */
export function installCommand(tarballs: readonly string[]): string {
  const quote = (path: string) =>
    /^[\w@%+=:,./-]+$/.test(path) ? path : `'${path.replaceAll("'", `'\\''`)}'`;
  return ["npm", "install", ...tarballs.map(quote)].join(" ");
}
