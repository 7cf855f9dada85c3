/**
 * The `Content-Type`s a POST is sent with (`undefined`: none): JSON with and without a
 * charset, the form and multipart types, a wrong charset, and nonsense.
 *
 * @example
 * fc.constantFrom(...contentTypes);
 */
export const contentTypes = [
  undefined,
  "application/json",
  "application/json; charset=utf-8",
  "text/plain",
  "application/x-www-form-urlencoded",
  "multipart/form-data; boundary=xyz",
  "application/octet-stream",
  "application/json; charset=latin1",
  "application/xml",
  "garbage",
  "*/*",
  "application/json;;;",
];
