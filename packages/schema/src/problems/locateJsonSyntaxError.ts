/** Where a text stops being JSON, and why, in a person's words. */
export interface JsonSyntaxError {
  /** Characters before the fault (0-based). */
  offset: number;
  /** 1-based line of the fault. */
  line: number;
  /** 1-based column of the fault, in characters. */
  column: number;
  /** What is wrong there: "expected ',' or '}' after a value". */
  reason: string;
}

class Fault {
  constructor(
    readonly offset: number,
    readonly reason: string,
  ) {}
}

const isDigit = (char: string | undefined) => char !== undefined && char >= "0" && char <= "9";
const printable = (char: string) => (char < " " ? JSON.stringify(char) : `'${char}'`);

/** A scanner of RFC 8259 JSON that stops at its first fault; it builds no value. */
class Scanner {
  at = 0;
  constructor(readonly text: string) {}

  fail(reason: string, offset = this.at): never {
    throw new Fault(offset, reason);
  }

  space(): void {
    while (this.at < this.text.length && " \t\n\r".includes(this.text[this.at]!)) this.at++;
  }

  value(): void {
    this.space();
    const char = this.text[this.at];
    if (char === undefined) this.fail("the text ends where a value should be");
    if (char === "{") this.object();
    else if (char === "[") this.array();
    else if (char === '"') this.string();
    else if (char === "-" || isDigit(char)) this.number();
    else this.word(char);
  }

  /** A value that starts with anything but `{`, `[`, `"` or a number: true, false, null, or a fault. */
  word(char: string): void {
    if (char === "'") this.fail("strings take double quotes, not single quotes");
    const word = /^[A-Za-z_$][\w$]*/.exec(this.text.slice(this.at, this.at + 64))?.[0];
    if (word === "true" || word === "false" || word === "null") {
      this.at += word.length;
      return;
    }
    if (word)
      this.fail(
        `unexpected word \`${word}\`: a string needs double quotes; true, false and null are lower case`,
      );
    if (char === "]" || char === "}") this.fail(`unexpected ${printable(char)} where a value should be`);
    this.fail(`unexpected character ${printable(char)}`);
  }

  object(): void {
    this.at++;
    this.space();
    if (this.text[this.at] === "}") {
      this.at++;
      return;
    }
    for (;;) {
      this.space();
      const char = this.text[this.at];
      if (char === '"') this.string();
      else if (char === "}") this.fail("a comma before '}': JSON allows no trailing comma", this.lastComma());
      else if (char === undefined) this.fail("the text ends inside an object: a '}' is missing");
      else if (char === "'") this.fail("field names take double quotes, not single quotes");
      else this.fail(`expected a field name in double quotes, found ${printable(char)}`);
      this.space();
      if (this.text[this.at] !== ":") this.expected("':' after the field name", "after a field name");
      this.at++;
      this.value();
      this.space();
      const next = this.text[this.at];
      if (next === "}") {
        this.at++;
        return;
      }
      if (next !== ",") this.expected("',' or '}' after a value", "inside an object: a '}' is missing");
      this.at++;
    }
  }

  array(): void {
    this.at++;
    this.space();
    if (this.text[this.at] === "]") {
      this.at++;
      return;
    }
    for (;;) {
      this.space();
      if (this.text[this.at] === "]")
        this.fail("a comma before ']': JSON allows no trailing comma", this.lastComma());
      this.value();
      this.space();
      const next = this.text[this.at];
      if (next === "]") {
        this.at++;
        return;
      }
      if (next !== ",") this.expected("',' or ']' after a value", "inside a list: a ']' is missing");
      this.at++;
    }
  }

  string(): void {
    const start = this.at;
    this.at++;
    for (;;) {
      const char = this.text[this.at];
      if (char === undefined) this.fail("a string is not closed: a '\"' is missing", start);
      if (char === '"') {
        this.at++;
        return;
      }
      if (char < " ")
        this.fail(
          char === "\n"
            ? "a line break inside a string: close the string, or write the break as \\n"
            : `a control character ${printable(char)} inside a string: write it escaped`,
        );
      if (char === "\\") {
        const escaped = this.text[this.at + 1];
        if (escaped === "u") {
          if (!/^[0-9A-Fa-f]{4}$/.test(this.text.slice(this.at + 2, this.at + 6)))
            this.fail("\\u must be followed by four hexadecimal digits");
          this.at += 6;
          continue;
        }
        if (escaped === undefined || !'"\\/bfnrt'.includes(escaped))
          this.fail(`unknown escape \\${escaped ?? ""} in a string: a backslash is written \\\\`);
        this.at += 2;
        continue;
      }
      this.at++;
    }
  }

  number(): void {
    if (this.text[this.at] === "-") this.at++;
    if (!isDigit(this.text[this.at])) this.fail("a '-' must be followed by digits");
    if (this.text[this.at] === "0" && isDigit(this.text[this.at + 1]))
      this.fail("a number cannot start with 0");
    while (isDigit(this.text[this.at])) this.at++;
    if (this.text[this.at] === ".") {
      this.at++;
      if (!isDigit(this.text[this.at])) this.fail("a '.' in a number must be followed by digits");
      while (isDigit(this.text[this.at])) this.at++;
    }
    if (this.text[this.at] === "e" || this.text[this.at] === "E") {
      this.at++;
      if (this.text[this.at] === "+" || this.text[this.at] === "-") this.at++;
      if (!isDigit(this.text[this.at])) this.fail("the exponent of a number needs digits");
      while (isDigit(this.text[this.at])) this.at++;
    }
  }

  expected(what: string, atEnd: string): never {
    const char = this.text[this.at];
    if (char === undefined) this.fail(`the text ends ${atEnd}`);
    // A missing comma between two fields is the common case: say so plainly.
    if (char === '"' && what.startsWith("','")) this.fail(`expected ${what}: is a comma missing?`);
    this.fail(`expected ${what}, found ${printable(char)}`);
  }

  lastComma(): number {
    return this.text.lastIndexOf(",", this.at);
  }
}

/**
 * Finds where a text stops being JSON (RFC 8259, what `JSON.parse` accepts), with the
 * line and column and the reason in a person's words. `JSON.parse` says "at position
 * 48213" at best, and for some faults only quotes the text; nobody can find a character
 * offset in a file. Call it once `JSON.parse` failed: it scans without building values.
 *
 * @param text - the text (a byte-order mark already removed)
 * @returns the first fault, or `undefined` when the text is JSON
 * @example
 * locateJsonSyntaxError('{\n  "a": 1\n  "b": 2\n}');
 * // { offset: 13, line: 3, column: 3, reason: "expected ',' or '}' after a value: is a comma missing?" }
 */
export function locateJsonSyntaxError(text: string): JsonSyntaxError | undefined {
  const scanner = new Scanner(text);
  let fault: Fault;
  try {
    scanner.space();
    if (scanner.at === text.length)
      scanner.fail("the text is empty: a JSON document is one value, usually an object {...}");
    scanner.value();
    scanner.space();
    if (scanner.at < text.length) scanner.fail("more text after the end of the JSON value");
    return undefined;
  } catch (error) {
    // Nesting deeper than the stack: JSON.parse's own message is all there is.
    if (!(error instanceof Fault)) return undefined;
    fault = error;
  }
  let line = 1;
  let lineStart = 0;
  for (let at = text.indexOf("\n"); at >= 0 && at < fault.offset; at = text.indexOf("\n", at + 1)) {
    line++;
    lineStart = at + 1;
  }
  return { offset: fault.offset, line, column: fault.offset - lineStart + 1, reason: fault.reason };
}
