import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

export interface FunctionLength {
  /** `path:line`, relative to the root. */
  readonly where: string;
  readonly name: string;
  readonly lines: number;
}

/** Data tables, not logic: the demo's sample organization is one long literal. */
export const DATA_TABLES: readonly string[] = ['main/demo/sample-data.ts'];

const SOURCE = /\.(ts|tsx)$/;

/** Every .ts/.tsx file below the given folders, skipping declaration files. */
export function sourceFiles(root: string, folders: readonly string[]): string[] {
  const found: string[] = [];
  const walk = (dir: string): void => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (SOURCE.test(name) && !name.endsWith('.d.ts')) found.push(path);
    }
  };
  for (const f of folders) walk(join(root, f));
  return found.sort();
}

function nameOf(node: ts.Node): string {
  const named = node as { name?: ts.Node };
  if (named.name && ts.isIdentifier(named.name)) return named.name.text;
  const parent = node.parent;
  if (parent && ts.isVariableDeclaration(parent) && ts.isIdentifier(parent.name))
    return parent.name.text;
  if (parent && ts.isPropertyAssignment(parent) && ts.isIdentifier(parent.name))
    return parent.name.text;
  return '(anonymous)';
}

/** Each function, method and arrow function in one file, with the lines it spans. */
export function functionLengths(path: string, root: string): FunctionLength[] {
  const text = readFileSync(path, 'utf8');
  const file = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true);
  const out: FunctionLength[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const first = file.getLineAndCharacterOfPosition(node.getStart(file)).line;
      const last = file.getLineAndCharacterOfPosition(node.getEnd()).line;
      out.push({
        where: `${relative(root, path)}:${first + 1}`,
        name: nameOf(node),
        lines: last - first + 1,
      });
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return out;
}

/** The longest functions below the folders, longest first, data tables left out. */
export function longestFunctions(
  root: string,
  folders: readonly string[],
  most = 10,
): FunctionLength[] {
  return sourceFiles(root, folders)
    .filter((p) => !DATA_TABLES.includes(relative(root, p)))
    .flatMap((p) => functionLengths(p, root))
    .sort((a, b) => b.lines - a.lines)
    .slice(0, most);
}
