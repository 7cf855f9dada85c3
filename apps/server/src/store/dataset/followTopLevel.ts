import { type ParsedTokenInfo, TokenType } from "@streamparser/json";

/** What {@link followTopLevel} gives: the parser's token callback, and what it found. */
export interface TopLevelFollower {
  /** For `parser.onToken`: every token of the file, in order. */
  onToken: (token: ParsedTokenInfo) => void;
  /**
   * The document with every list emptied (`skeleton`: undefined while no value began) and
   * the top-level keys that hold an array and appear more than once (`repeated`).
   */
  outline(): { skeleton: unknown; repeated: string[] };
  /** Where the last token began: where a parse that failed stopped, when its error does not say. */
  lastOffset(): number;
}

/**
 * Follows a JSON file's top level token by token while the streaming parser hands out
 * its records (those are the parser's): its depth, its keys in file order, and each
 * key's value when it is not an array (an object stands as `{}`), which is what the
 * schema can still find wrong once the records are checked one by one.
 *
 * @example
 * const top = followTopLevel();
 * parser.onToken = top.onToken;
 */
export function followTopLevel(): TopLevelFollower {
  const seen = new Set<string>();
  const repeated = new Set<string>();
  let depth = 0;
  let skeleton: unknown;
  let key: string | undefined;
  let awaitingKey = false;
  let lastOffset = 0;
  const onToken = ({ token, value, offset }: ParsedTokenInfo) => {
    lastOffset = offset;
    if (token === TokenType.LEFT_BRACE || token === TokenType.LEFT_BRACKET) {
      const container = token === TokenType.LEFT_BRACE ? {} : [];
      if (depth === 0) {
        skeleton = container;
        awaitingKey = token === TokenType.LEFT_BRACE;
      } else if (depth === 1 && key !== undefined) {
        (skeleton as Record<string, unknown>)[key] = container;
        if (Array.isArray(container)) {
          if (seen.has(key)) repeated.add(key);
          seen.add(key);
        }
      }
      depth++;
    } else if (token === TokenType.RIGHT_BRACE || token === TokenType.RIGHT_BRACKET) {
      depth--;
    } else if (depth === 0) {
      skeleton = value;
    } else if (depth === 1 && !Array.isArray(skeleton)) {
      if (token === TokenType.COMMA) awaitingKey = true;
      else if (token === TokenType.COLON) awaitingKey = false;
      else if (awaitingKey) key = value as string;
      else if (key !== undefined) (skeleton as Record<string, unknown>)[key] = value;
    }
  };
  return {
    onToken,
    outline: () => ({ skeleton, repeated: [...repeated] }),
    lastOffset: () => lastOffset,
  };
}
