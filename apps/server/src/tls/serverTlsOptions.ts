import type { SecureContextOptions, SecureVersion } from "node:tls";

/**
 * The TLS 1.3 suites Node offers by default, named so that listing the TLS 1.2 suites
 * below does not drop them (a `ciphers` string without a TLS 1.3 name disables TLS 1.3
 * in Node). TLS 1.3 has only AEAD suites with ephemeral key exchange: kept as is.
 */
const tls13Suites = ["TLS_AES_256_GCM_SHA384", "TLS_CHACHA20_POLY1305_SHA256", "TLS_AES_128_GCM_SHA256"];

/**
 * TLS 1.2: ECDHE key exchange (forward secrecy) with AEAD encryption only. Node's
 * default list also offers static-RSA key exchange (no forward secrecy) and CBC suites,
 * which a TLS scan reports as "potentially vulnerable" to LUCKY13. ECDSA suites serve an
 * EC certificate, the RSA ones an RSA certificate (the demo's). Every browser and HTTP
 * client of the last decade speaks one of them.
 */
const tls12Suites = [
  "ECDHE-ECDSA-AES128-GCM-SHA256",
  "ECDHE-RSA-AES128-GCM-SHA256",
  "ECDHE-ECDSA-AES256-GCM-SHA384",
  "ECDHE-RSA-AES256-GCM-SHA384",
  "ECDHE-ECDSA-CHACHA20-POLY1305",
  "ECDHE-RSA-CHACHA20-POLY1305",
];

/** The cipher list the server offers, in OpenSSL's `ciphers` syntax. */
export const serverCiphers = [...tls13Suites, ...tls12Suites].join(":");

/**
 * The oldest protocol the server accepts: TLS 1.0 and 1.1 are refused (SECURITY.md,
 * "Defences, and where they are tested"; `test/transport.test.ts`).
 */
export const minTlsVersion: SecureVersion = "TLSv1.2";

/**
 * The TLS settings of the HTTPS listener, beside its certificate and key: TLS 1.2 or
 * newer, ECDHE with AEAD suites only on TLS 1.2, and the server's order of suites
 * (every one is strong; the order prefers the cheaper AES-128-GCM).
 */
export const serverTlsOptions = {
  minVersion: minTlsVersion,
  ciphers: serverCiphers,
  honorCipherOrder: true,
} as const satisfies SecureContextOptions;
