/**
 * The Standard Webhooks signature of a delivery: HMAC-SHA256 over `id.timestamp.body`,
 * base64, computed with WebCrypto (`crypto.subtle`), which Node ≥ 20, browsers, workers
 * and edge runtimes all have.
 *
 * @param key - the secret's bytes (base64-decoded, without `whsec_`)
 * @param signedPrefix - `id.timestamp.`
 * @param body - the raw body, exactly as received
 * @returns the signature, base64 (without `v1,`)
 * @example
 * await hmacSignature(key, `${id}.${timestamp}.`, rawBody);
 */
export async function hmacSignature(
  key: Uint8Array<ArrayBuffer>,
  signedPrefix: string,
  body: Uint8Array,
): Promise<string> {
  const subtle = globalThis.crypto?.subtle;
  if (!subtle) throw new TypeError("@wsafe/client/webhooks needs WebCrypto (globalThis.crypto.subtle)");
  const prefix = new TextEncoder().encode(signedPrefix);
  const content = new Uint8Array(prefix.length + body.length);
  content.set(prefix);
  content.set(body, prefix.length);
  const hmacKey = await subtle.importKey("raw", key, { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const signature = new Uint8Array(await subtle.sign("HMAC", hmacKey, content));
  return btoa(String.fromCharCode(...signature));
}
