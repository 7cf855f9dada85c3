import { readFileSync } from "node:fs";
import ts from "typescript";

/** A function over the limit: where it is, what it is called, and its length. */
export interface LongFunction {
  file: string;
  /** Its name as a reader finds it (`startServer`, `Class.method`, `<arrow>` when it has none). */
  name: string;
  /** The line it starts on, from 1. */
  line: number;
  lines: number;
}

/**
 * The functions (declarations, methods, accessors, constructors, function expressions and
 * arrow functions with a block body) longer than `maxLines` lines, in `files`, longest
 * first. A function's lines run from its first to its last, its leading comment left
 * out; a function inside another counts in both, so the outer one is not excused by
 * moving its body into a local closure.
 *
 * @param files - absolute paths of TypeScript or JavaScript files
 * @param maxLines - the most lines a function may have
 * @example
 * import { longFunctions } from "@wsafe/structure-check";
 * longFunctions(files, 80); // [{ file: "/repo/apps/server/src/x.ts", name: "startServer", line: 12, lines: 95 }]
 */
export function longFunctions(files: readonly string[], maxLines: number): LongFunction[] {
  const found: LongFunction[] = [];
  for (const file of files) {
    const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true);
    const visit = (node: ts.Node): void => {
      if (isMeasured(node)) {
        const start = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
        const end = source.getLineAndCharacterOfPosition(node.getEnd()).line;
        const lines = end - start + 1;
        if (lines > maxLines) found.push({ file, name: nameOf(node), line: start + 1, lines });
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found.sort((a, b) => b.lines - a.lines || a.file.localeCompare(b.file) || a.line - b.line);
}

/** Whether a node is a function with a body of statements. */
function isMeasured(node: ts.Node): node is ts.FunctionLikeDeclaration {
  if (ts.isArrowFunction(node)) return ts.isBlock(node.body);
  return (
    (ts.isFunctionDeclaration(node) ||
      ts.isFunctionExpression(node) ||
      ts.isMethodDeclaration(node) ||
      ts.isConstructorDeclaration(node) ||
      ts.isGetAccessorDeclaration(node) ||
      ts.isSetAccessorDeclaration(node)) &&
    node.body !== undefined
  );
}

/** The name a reader would search for: its own, the variable or property it is given to, with its class. */
function nameOf(node: ts.FunctionLikeDeclaration): string {
  const own = node.name && ts.isIdentifier(node.name) ? node.name.text : undefined;
  const parent = node.parent;
  const given =
    own ??
    (ts.isVariableDeclaration(parent) && ts.isIdentifier(parent.name) ? parent.name.text : undefined) ??
    (ts.isPropertyAssignment(parent) && ts.isIdentifier(parent.name) ? parent.name.text : undefined) ??
    (ts.isConstructorDeclaration(node) ? "constructor" : undefined);
  const owner = ts.isClassLike(parent) && parent.name ? `${parent.name.text}.` : "";
  return given ? `${owner}${given}` : "<arrow>";
}
