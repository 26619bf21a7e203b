/**
 * The web's API calls checked against the client types openapi-typescript generates from openapi.json: every
 * `api(method, path, { body, query })` call of web/ (web/lib/api-client.ts) is read with TypeScript's compiler API,
 * its path matched to a documented path and method, its query names to the documented ones, and the type of the body
 * it sends checked assignable, by the compiler, to the generated request body type.
 */

import ts from 'typescript';
import openapiTS, { astToString } from 'openapi-typescript';
import { mkdtempSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';

/** A path segment the call fills at run time (an id, a token). */
const HOLE = '\u0000';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Doc = { paths: Record<string, Record<string, any>> };

/** One call of the web, where it is and what it reaches. */
export interface WebCall {
  at: string;
  method: string;
  /** The path as the call spells it, holes as `{}`. */
  path: string;
  /** The documented path it reaches. */
  route?: string;
}

/** What the check found. */
export interface CallReport {
  calls: WebCall[];
  problems: string[];
}

/** The TypeScript files under `dir`. */
export function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) {
      if (name !== 'dist' && name !== 'node_modules') out.push(...sourceFiles(p));
    } else if (/\.tsx?$/.test(name) && !/\.(test|d)\.tsx?$/.test(name)) out.push(p);
  }
  return out;
}

/** The strings an expression can be, holes for what only the running page knows. */
function spellings(node: ts.Expression, checker: ts.TypeChecker, depth = 0): string[] {
  if (depth > 8) return [HOLE];
  const again = (e: ts.Expression) => spellings(e, checker, depth + 1);
  if (ts.isParenthesizedExpression(node) || ts.isAsExpression(node)) return again(node.expression);
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return [node.text];
  if (ts.isConditionalExpression(node)) return [...again(node.whenTrue), ...again(node.whenFalse)];
  if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.PlusToken)
    return again(node.left).flatMap((l) => again(node.right).map((r) => l + r));
  if (ts.isTemplateExpression(node)) {
    let out = [node.head.text];
    for (const span of node.templateSpans) {
      const parts = again(span.expression);
      out = out.flatMap((o) => parts.map((p) => o + p + span.literal.text));
    }
    return out;
  }
  // A local function that builds a path (`base(jobId, taskId)`), or a constant that holds one.
  const target = ts.isCallExpression(node) ? node.expression : ts.isIdentifier(node) ? node : undefined;
  const decl = target && checker.getSymbolAtLocation(target)?.valueDeclaration;
  if (decl && ts.isVariableDeclaration(decl) && decl.initializer) {
    const init = decl.initializer;
    if (ts.isArrowFunction(init) && ts.isCallExpression(node) && !ts.isBlock(init.body)) return again(init.body);
    if (ts.isIdentifier(node) && (ts.getCombinedModifierFlags(decl) & ts.ModifierFlags.Const) !== 0) return again(init);
    if (ts.isIdentifier(node) && decl.parent.flags & ts.NodeFlags.Const) return again(init);
  }
  if (decl && ts.isFunctionDeclaration(decl) && ts.isCallExpression(node) && decl.body) {
    const ret = decl.body.statements.find(ts.isReturnStatement);
    if (decl.body.statements.length === 1 && ret?.expression) return again(ret.expression);
  }
  return [HOLE];
}

const isParam = (s: string) => /^\{\w+\}$/.test(s);

/** Whether a documented path parameter can take a literal segment (its type, enum, pattern, length). */
function mayTake(schema: Record<string, unknown> | undefined, literal: string): boolean {
  if (!schema || literal.includes(HOLE)) return true;
  if (Array.isArray(schema.enum)) return schema.enum.map(String).includes(literal);
  if (schema.type === 'integer') return /^\d+$/.test(literal);
  if (typeof schema.pattern === 'string' && !new RegExp(schema.pattern, 'u').test(literal)) return false;
  return true;
}

/** The documented path a spelled path reaches: a literal path first, as the router matches. */
function routeOf(doc: Doc, spelled: string): string | undefined {
  if (doc.paths[spelled]) return spelled;
  const segments = spelled.split('/');
  return Object.keys(doc.paths).find((p) => {
    const want = p.split('/');
    if (want.length !== segments.length) return false;
    const params = Object.values(doc.paths[p])
      .flatMap((op) => op.parameters ?? [])
      .filter((x: { in: string }) => x.in === 'path');
    return want.every((w, i) => {
      const s = segments[i];
      if (isParam(w))
        return s.length > 0 && mayTake(params.find((x: { name: string }) => `{${x.name}}` === w)?.schema, s);
      // A hole is one segment's value, never a piece of a literal one.
      return w === s;
    });
  });
}

/** The `api(...)` calls of a source file (the one client of web/lib/api-client.ts). */
function apiCalls(file: ts.SourceFile, checker: ts.TypeChecker): ts.CallExpression[] {
  const out: ts.CallExpression[] = [];
  const visit = (n: ts.Node) => {
    if (ts.isCallExpression(n) && ts.isIdentifier(n.expression) && n.expression.text === 'api') {
      const decl = checker.getSymbolAtLocation(n.expression);
      const origin = decl && (decl.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(decl) : decl);
      const file = origin?.valueDeclaration?.getSourceFile().fileName ?? '';
      if (file.endsWith('web/lib/api-client.ts')) out.push(n);
    }
    ts.forEachChild(n, visit);
  };
  visit(file);
  return out;
}

/** The call expression that starts at a position. */
function callAt(sf: ts.SourceFile, pos: number): ts.CallExpression {
  let found: ts.CallExpression | undefined;
  const visit = (n: ts.Node) => {
    if (found) return;
    // `api(...).then(...)` starts where `api(...)` does: the call of `api` itself.
    if (ts.isCallExpression(n) && n.getStart(sf) === pos && ts.isIdentifier(n.expression)) found = n;
    else ts.forEachChild(n, visit);
  };
  visit(sf);
  return found!;
}

/** The generated types' file (openapi-typescript) of a document, written to a fresh folder. */
export async function generatedTypes(doc: unknown): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'rebate-client-'));
  const file = join(dir, 'api-paths.d.ts');
  // A schema object without properties takes any properties (JSON Schema), not none.
  writeFileSync(file, astToString(await openapiTS(doc as never, { emptyObjectsUnknown: true })));
  return file;
}

/**
 * Checks the calls of `files` (web sources; `root` for the names in reports) against `doc` and its generated types.
 */
export async function checkWebCalls(doc: Doc, files: string[], root: string): Promise<CallReport> {
  const typesFile = await generatedTypes(doc);
  // Pass one finds each call's operation; pass two asks the compiler about the bodies against the generated types.
  const options: ts.CompilerOptions = {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    allowImportingTsExtensions: true,
    jsx: ts.JsxEmit.ReactJSX,
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    types: ['vite/client'],
  };
  const first = ts.createProgram(files, options);
  const checker1 = first.getTypeChecker();
  interface Found {
    call: WebCall;
    file: string;
    pos: number;
    op: string;
  }
  const found: Found[] = [];
  const problems: string[] = [];
  const calls: WebCall[] = [];
  for (const f of files) {
    const sf = first.getSourceFile(f)!;
    for (const c of apiCalls(sf, checker1)) {
      const { line } = sf.getLineAndCharacterOfPosition(c.getStart());
      const at = `${relative(root, f)}:${line + 1}`;
      const methods = spellings(c.arguments[0], checker1);
      const paths = spellings(c.arguments[1], checker1);
      for (const m of methods)
        for (const raw of paths) {
          const spelled = raw.split('?')[0];
          const call: WebCall = { at, method: m, path: spelled.replaceAll(HOLE, '{}') };
          calls.push(call);
          if (m.includes(HOLE) || !spelled.startsWith('/api/')) {
            problems.push(`${at}: cannot read the call's method or path (${m} ${call.path})`);
            continue;
          }
          call.route = routeOf(doc, spelled);
          const op = call.route && doc.paths[call.route][m.toLowerCase()];
          if (!call.route) problems.push(`${at}: ${m} ${call.path}: no such path in openapi.json`);
          else if (!op) problems.push(`${at}: ${m} ${call.route}: the path takes no ${m}`);
          else
            found.push({
              call,
              file: f,
              pos: c.getStart(),
              op: `paths[${JSON.stringify(call.route)}]['${m.toLowerCase()}']`,
            });
        }
    }
  }

  // Pass two: each body the web sends, where it sends it, `satisfies` the generated request body type (a literal
  // keeps its literal type, as in the call itself); the compiler's errors there are the bodies of the wrong shape.
  const checksFile = join(typesFile, '..', 'checks.ts');
  const aliases = found.map(
    (x, i) =>
      `export type Body${i} = ${x.op} extends { requestBody?: infer R } ? R extends { content: infer C } ? ` +
      `C extends { 'application/json': infer J } ? J : C extends { 'multipart/form-data': unknown } ? FormData : never ` +
      `: never : never;\n`,
  );
  writeFileSync(checksFile, `import type { paths } from './api-paths.d.ts';\n${aliases.join('')}`);
  // Each body's source, replaced (from the end of its file, so earlier positions hold) by itself `satisfies` its type.
  interface Edit {
    start: number;
    end: number;
    text: string;
    where: string;
  }
  const edits = new Map<string, Edit[]>();
  found.forEach((x, i) => {
    const sf = first.getSourceFile(x.file)!;
    const where = `${x.call.at}: ${x.call.method} ${x.call.route}`;
    const op = doc.paths[x.call.route!][x.call.method.toLowerCase()];
    const opts = callAt(sf, x.pos).arguments[2];
    if (opts && !ts.isObjectLiteralExpression(opts))
      return void problems.push(`${where}: cannot read the call's options`);
    const prop = opts?.properties.find((p) => p.name && ts.isIdentifier(p.name) && p.name.text === 'body');
    if (!prop) {
      if (op.requestBody?.required) problems.push(`${where}: sends no body, the operation requires one`);
      return;
    }
    if (!op.requestBody) return void problems.push(`${where}: sends a body, the operation takes none`);
    const type = `import(${JSON.stringify(checksFile)}).Body${i}`;
    const list = edits.get(x.file) ?? [];
    edits.set(x.file, list);
    if (ts.isShorthandPropertyAssignment(prop))
      list.push({ start: prop.getStart(sf), end: prop.getEnd(), text: `body: (body) satisfies ${type}`, where });
    else if (ts.isPropertyAssignment(prop)) {
      const v = prop.initializer;
      list.push({ start: v.getStart(sf), end: v.getEnd(), text: `(${v.getText(sf)}) satisfies ${type}`, where });
    } else problems.push(`${where}: cannot read the body`);
  });
  const checked = new Map<string, { text: string; spans: { start: number; end: number; where: string }[] }>();
  for (const [file, list] of edits) {
    let text = first.getSourceFile(file)!.text;
    const spans: { start: number; end: number; where: string }[] = [];
    for (const e of [...list].sort((a, b) => b.start - a.start)) {
      text = text.slice(0, e.start) + e.text + text.slice(e.end);
      const delta = e.text.length - (e.end - e.start);
      for (const later of spans) {
        later.start += delta;
        later.end += delta;
      }
      spans.push({ start: e.start, end: e.start + e.text.length, where: e.where });
    }
    checked.set(file, { text, spans });
  }
  const host = ts.createCompilerHost(options);
  const read = host.readFile.bind(host);
  host.readFile = (f) => checked.get(f)?.text ?? read(f);
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (f, v, onError, create) => {
    const c = checked.get(f);
    return c ? ts.createSourceFile(f, c.text, v, true) : getSourceFile(f, v, onError, create);
  };
  const second = ts.createProgram([...files, checksFile], options, host, first);
  for (const [file, c] of checked) {
    const sf = second.getSourceFile(file)!;
    for (const d of second.getSemanticDiagnostics(sf)) {
      const span = c.spans.find((s2) => d.start !== undefined && d.start >= s2.start && d.start < s2.end);
      if (span) problems.push(`${span.where}: ${ts.flattenDiagnosticMessageText(d.messageText, ' ')}`);
    }
  }
  return { calls, problems };
}
