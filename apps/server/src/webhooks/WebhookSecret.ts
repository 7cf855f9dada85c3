import { randomBytes } from "node:crypto";
import { inspect } from "node:util";

/** Random bytes in a new secret: the spec asks for 24 to 64; 32 is HMAC-SHA256's own key size. */
export const webhookSecretBytes = 32;

const prefix = "whsec_";
const hidden = `${prefix}…(hidden)`;
// Standard base64, padded, of 24 to 64 bytes: the form the spec's libraries read.
const secretPattern = /^whsec_(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/**
 * An endpoint's signing secret (`whsec_` + base64 of random bytes), in a wrapper that
 * never shows it by accident: `JSON.stringify`, `util.inspect`, `console.log`, template
 * strings and pino all see `whsec_…(hidden)`. Only {@link WebhookSecret.reveal} gives
 * the value, for signing and for the one answer (`webhooks.create`,
 * `webhooks.rotate_secret`) that hands it to its owner.
 *
 * @example
 * const secret = WebhookSecret.generate();
 * logger.info({ secret }, "endpoint created"); // logs "whsec_…(hidden)"
 * const forTheOwner = secret.reveal(); // "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"
 */
export class WebhookSecret {
  readonly #value: string;

  private constructor(value: string) {
    this.#value = value;
  }

  /**
   * A new secret of {@link webhookSecretBytes} random bytes from the system's CSPRNG.
   *
   * @example
   * const secret = WebhookSecret.generate();
   */
  static generate(): WebhookSecret {
    return new WebhookSecret(`${prefix}${randomBytes(webhookSecretBytes).toString("base64")}`);
  }

  /**
   * Wraps a stored secret, checking its form: `whsec_` and the padded base64 of 24 to 64
   * bytes. The error never quotes the value.
   *
   * @param value - a secret as {@link WebhookSecret.reveal} gave it
   * @throws TypeError when the value is not a secret of that form
   * @example
   * const secret = WebhookSecret.from(row.secret);
   */
  static from(value: string): WebhookSecret {
    const bytes = secretPattern.test(value) ? Buffer.from(value.slice(prefix.length), "base64").length : 0;
    if (bytes < 24 || bytes > 64) {
      throw new TypeError("not a webhook secret: whsec_ and the base64 of 24 to 64 bytes expected");
    }
    return new WebhookSecret(value);
  }

  /** The secret itself (`whsec_…`): for signing, and for the one answer that hands it to its owner. */
  reveal(): string {
    return this.#value;
  }

  /** What JSON (pino's logs included) shows instead of the secret. */
  toJSON(): string {
    return hidden;
  }

  /** What a template string or string concatenation shows instead of the secret. */
  toString(): string {
    return hidden;
  }

  /** What `util.inspect` and `console.log` show instead of the secret. */
  [inspect.custom](): string {
    return `WebhookSecret(${hidden})`;
  }
}
