/**
 * No answer type is written by hand on the web side: every `api<T>(...)` call of web/ names a type that
 * comes from the contracts (engine/api), directly or through aliases that only pick from them (Pick,
 * Omit, Required, an element, a property). An object type or an interface written in web/ fails here,
 * with the call that uses it.
 */

import { describe, expect, it } from 'vitest';
import path from 'node:path';
import { readdirSync, statSync } from 'node:fs';
import ts from 'typescript';

const ROOT = path.resolve(import.meta.dirname, '..');
const CONTRACTS = path.join(ROOT, 'engine', 'api') + path.sep;

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = path.join(dir, name);
    if (statSync(p).isDirectory()) return name === 'node_modules' || name === 'dist' ? [] : sources(p);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [p] : [];
  });
}

/** Utility types whose first argument carries the answer's shape. */
const PICKERS = new Set([
  'Pick',
  'Omit',
  'Required',
  'Partial',
  'Readonly',
  'NonNullable',
  'Array',
  'ReadonlyArray',
  'Promise',
]);

function checker(files: string[]) {
  const program = ts.createProgram(files, {
    allowImportingTsExtensions: true,
    noEmit: true,
    jsx: ts.JsxEmit.ReactJSX,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    target: ts.ScriptTarget.ES2022,
    skipLibCheck: true,
    types: [],
  });
  return { program, tc: program.getTypeChecker() };
}

/** Why a type node is not derived from the contracts, or null when it is. */
function notDerived(tc: ts.TypeChecker, node: ts.TypeNode, seen = new Set<ts.Node>()): string | null {
  if (seen.has(node)) return null;
  seen.add(node);
  if (node.kind === ts.SyntaxKind.VoidKeyword) return null;
  if (ts.isParenthesizedTypeNode(node)) return notDerived(tc, node.type, seen);
  if (ts.isArrayTypeNode(node)) return notDerived(tc, node.elementType, seen);
  if (ts.isIndexedAccessTypeNode(node)) return notDerived(tc, node.objectType, seen);
  if (ts.isUnionTypeNode(node) || ts.isIntersectionTypeNode(node)) {
    for (const t of node.types) {
      const why = notDerived(tc, t, seen);
      if (why) return why;
    }
    return null;
  }
  if (ts.isTypeReferenceNode(node)) {
    const name = node.typeName.getText();
    if (PICKERS.has(name))
      return node.typeArguments?.[0] ? notDerived(tc, node.typeArguments[0], seen) : `${name} without an argument`;
    let symbol = tc.getSymbolAtLocation(node.typeName);
    if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = tc.getAliasedSymbol(symbol);
    const decl = symbol?.declarations?.[0];
    if (!decl) return `'${name}' does not resolve`;
    if (ts.isTypeParameterDeclaration(decl)) return null;
    if (decl.getSourceFile().fileName.startsWith(CONTRACTS)) return null;
    if (ts.isTypeAliasDeclaration(decl)) return notDerived(tc, decl.type, seen);
    return `'${name}' is declared in ${path.relative(ROOT, decl.getSourceFile().fileName)}, not derived from engine/api`;
  }
  return `'${node.getText()}' is written by hand`;
}

describe('web answer types', () => {
  it('every api<T>() call of web/ takes its answer type from the contracts (engine/api)', () => {
    const files = sources(path.join(ROOT, 'web'));
    const { program, tc } = checker(files);
    const problems: string[] = [];
    let calls = 0;
    for (const file of files) {
      const sf = program.getSourceFile(file)!;
      const visit = (n: ts.Node) => {
        if (ts.isCallExpression(n) && ts.isIdentifier(n.expression) && n.expression.text === 'api') {
          calls++;
          const t = n.typeArguments?.[0];
          const why = t ? notDerived(tc, t) : 'no answer type';
          const { line } = sf.getLineAndCharacterOfPosition(n.getStart());
          if (why) problems.push(`${path.relative(ROOT, file)}:${line + 1}: ${why}`);
        }
        ts.forEachChild(n, visit);
      };
      visit(sf);
    }
    expect(calls).toBeGreaterThan(40);
    expect(problems).toEqual([]);
    // Type-checks the whole web app (8 s alone, 30 s and more beside other files on 2 cores): a ceiling, not a wait.
  }, 180_000);

  it('an answer type written by hand is caught', () => {
    const file = path.join(ROOT, 'web', '__probe__.ts');
    const host = ts.createCompilerHost({});
    const text =
      "import { api } from './lib/api-client.ts';\nimport type { JobDetail } from '../engine/api/jobs.ts';\ninterface Mine { id: number }\ntype Alias = Pick<JobDetail, 'id'>;\nexport const a = api<{ id: number }>('GET', '/x');\nexport const b = api<Mine>('GET', '/x');\nexport const c = api<Alias>('GET', '/x');\n";
    const read = host.getSourceFile;
    host.getSourceFile = (name, lang, ...rest) =>
      path.resolve(name) === file ? ts.createSourceFile(name, text, lang, true) : read.call(host, name, lang, ...rest);
    host.fileExists = (
      (exists) => (name: string) =>
        path.resolve(name) === file || exists(name)
    )(host.fileExists);
    const program = ts.createProgram(
      [file],
      {
        allowImportingTsExtensions: true,
        noEmit: true,
        module: ts.ModuleKind.ESNext,
        moduleResolution: ts.ModuleResolutionKind.Bundler,
        target: ts.ScriptTarget.ES2022,
        skipLibCheck: true,
        types: [],
      },
      host,
    );
    const tc = program.getTypeChecker();
    const found: (string | null)[] = [];
    const visit = (n: ts.Node) => {
      if (ts.isCallExpression(n) && n.typeArguments?.[0]) found.push(notDerived(tc, n.typeArguments[0]));
      ts.forEachChild(n, visit);
    };
    visit(program.getSourceFile(file)!);
    expect(found[0]).toMatch(/written by hand/);
    expect(found[1]).toMatch(/'Mine' is declared in web/);
    expect(found[2]).toBeNull();
  });
});
