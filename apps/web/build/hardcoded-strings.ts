import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

/**
 * Finds words a user would read that are written in the app's code instead of taken from the strings of
 * a language (issue 15: no hard-coded user-facing string). It reads the TypeScript syntax tree of every
 * source file of the user app and reports:
 * - text between JSX tags that has a letter ("<p>Sign in</p>");
 * - a string with a letter given to a prop people read (aria-label, placeholder, title, label, header…);
 * - a string with a letter in a JSX expression ("{'Sign in'}", "{cond ? 'Yes' : 'No'}");
 * - a sentence anywhere else: a string or template with two words or more and a capital or a full stop
 *   ("The amount must be more than zero."), except where code, not people, reads it (imports, class
 *   names, test ids, errors thrown for developers, console lines).
 * Names that are the same in every language (the brand, tickers) are allowed below.
 */

/** Props whose string is read (or heard) by people. */
const PEOPLE_PROPS = new Set([
  'aria-label',
  'aria-description',
  'aria-valuetext',
  'aria-roledescription',
  'placeholder',
  'title',
  'alt',
  'label',
  'header',
  'subHeader',
  'message',
  'text',
  'helperText',
  'errorText',
  'cancelText',
  'okText',
  'doneText',
  'lead',
  'hint',
  'description',
  'emptyText',
  'heading',
  'caption',
  'subtitle',
  'confirmLabel',
  'actionLabel',
  'noun',
]);

/** Props and object keys that code reads: their strings are never shown. */
const CODE_PROPS = new Set([
  'className',
  'class',
  'id',
  'key',
  'role',
  'type',
  'name',
  'slot',
  'color',
  'fill',
  'expand',
  'size',
  'shape',
  'mode',
  'inputmode',
  'inputMode',
  'autocomplete',
  'autoComplete',
  'enterkeyhint',
  'pattern',
  'href',
  'routerLink',
  'routerDirection',
  'to',
  'path',
  'src',
  'icon',
  'lines',
  'position',
  'labelPlacement',
  'justify',
  'alignment',
  'side',
  'layout',
  'target',
  'rel',
  'method',
  'htmlFor',
  'form',
  'variant',
  'tone',
  'kind',
  'testId',
  'queryKey',
  'mutationKey',
  'style',
  'd',
  'viewBox',
  'stroke',
  'strokeLinecap',
  'strokeLinejoin',
  'textAnchor',
  'dominantBaseline',
  'fontFamily',
]);

/** Words that are the same in every language. */
const SAME_IN_EVERY_LANGUAGE = new Set([
  'FIT24',
  'FIT24 Exchange',
  'BTC',
  'ETH',
  'USDT',
  'USD',
  'OK',
  'QR',
  'IBAN',
  'SWIFT',
  'BIC',
  'TOTP',
  'KYC',
  'ID',
  'API',
  'PDF',
  'PNG',
  'JPEG',
  'CSV',
  'Email',
  'E-mail',
]);

export interface HardcodedString {
  file: string;
  line: number;
  text: string;
  why: 'jsx text' | 'people prop' | 'jsx expression' | 'sentence';
}

const LETTER = /\p{L}/u;
/** Two words or more, with a capital or sentence punctuation: what reads as a sentence to people. */
const SENTENCE = /^(?=.*\p{Lu}|.*[.!?:…]\s*$)(?=.*\p{L}{2,}[\s,]+\p{L}{2,})/su;
/** Code-looking text: selectors, paths, identifiers, CSS, URLs, SQL-ish and format masks. */
const CODE_LIKE = /^[\w\-./:#@[\]=*'"()>+~,%$]*$/;

function allowed(text: string): boolean {
  const trimmed = text.trim().replace(/\s+/g, ' ');
  if (!LETTER.test(trimmed)) return true;
  if (SAME_IN_EVERY_LANGUAGE.has(trimmed)) return true;
  // One token in capitals and digits: a ticker, a code or a format mask ("ABCDE-FGHJK"), not a word.
  if (/^[\p{Lu}\d\-_/.]+$/u.test(trimmed)) return true;
  // Markup with no text between its tags (an inline SVG's elements, a first paint's frame): what its tags
  // and attributes say is read by the browser; words between tags still count.
  if (/^<[^<>]*>/.test(trimmed) && !LETTER.test(trimmed.replace(/<[^<>]*>/g, ''))) return true;
  return false;
}

function propName(node: ts.Node): string | undefined {
  if (ts.isJsxAttribute(node)) return node.name.getText();
  if (ts.isPropertyAssignment(node)) {
    const name = node.name;
    if (ts.isIdentifier(name) || ts.isStringLiteral(name)) return name.text;
  }
  return undefined;
}

/** The prop or key a string is the value of, through `cond ? 'a' : 'b'` and `x ?? 'a'`. */
function owningProp(node: ts.Node): string | undefined {
  let current: ts.Node = node;
  while (
    ts.isConditionalExpression(current.parent) ||
    ts.isBinaryExpression(current.parent) ||
    ts.isParenthesizedExpression(current.parent) ||
    ts.isJsxExpression(current.parent)
  ) {
    if (ts.isJsxExpression(current.parent) && !ts.isJsxAttribute(current.parent.parent)) return undefined;
    current = current.parent;
  }
  return propName(current.parent);
}

function inJsxChildren(node: ts.Node): boolean {
  let current: ts.Node = node;
  while (
    ts.isConditionalExpression(current.parent) ||
    ts.isBinaryExpression(current.parent) ||
    ts.isParenthesizedExpression(current.parent)
  ) {
    current = current.parent;
  }
  return ts.isJsxExpression(current.parent) && !ts.isJsxAttribute(current.parent.parent);
}

/** Strings code reads: imports, `throw new Error(…)`, console lines, t('key'), comparisons, types. */
function readByCode(node: ts.Node): boolean {
  // A property's name ({ 'is required': 'required' }) is a key, not text.
  if (ts.isPropertyAssignment(node.parent) && node.parent.name === node) return true;
  for (let current: ts.Node | undefined = node.parent; current; current = current.parent) {
    if (ts.isImportDeclaration(current) || ts.isExportDeclaration(current)) return true;
    if (ts.isTypeNode(current)) return true;
    if (ts.isNewExpression(current) && /Error$/.test(current.expression.getText())) return true;
    if (ts.isCallExpression(current)) {
      const callee = current.expression.getText();
      if (
        /^console\.|^(i18n\.)?t$|\.t$|^import$|^require$|^(document\.)?querySelector|^matchMedia/.test(callee)
      )
        return true;
      if (/^(describe|it|test|expect)\b/.test(callee)) return true;
    }
    if (ts.isBinaryExpression(current) && /^(===|!==|==|!=)$/.test(current.operatorToken.getText()))
      return true;
    if (ts.isCaseClause(current) && current.expression === node) return true;
    if (ts.isBlock(current) || ts.isSourceFile(current)) return false;
  }
  return false;
}

function scanFile(file: string, root: string, found: HardcodedString[]): void {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const report = (node: ts.Node, text: string, why: HardcodedString['why']) => {
    const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
    found.push({ file: relative(root, file), line: line + 1, text: text.trim().replace(/\s+/g, ' '), why });
  };
  const visit = (node: ts.Node): void => {
    if (ts.isJsxText(node)) {
      if (!allowed(node.text)) report(node, node.text, 'jsx text');
    } else if (
      ts.isStringLiteral(node) ||
      ts.isNoSubstitutionTemplateLiteral(node) ||
      ts.isTemplateExpression(node)
    ) {
      const text = ts.isTemplateExpression(node)
        ? [node.head.text, ...node.templateSpans.map((span) => span.literal.text)].join(' ')
        : node.text;
      if (!allowed(text) && !readByCode(node)) {
        const prop = owningProp(node);
        if (prop !== undefined && PEOPLE_PROPS.has(prop)) report(node, text, 'people prop');
        else if (prop !== undefined && (CODE_PROPS.has(prop) || prop.startsWith('data-'))) {
          // Read by code.
        } else if (inJsxChildren(node)) report(node, text, 'jsx expression');
        else if (SENTENCE.test(text.trim()) && !CODE_LIKE.test(text)) report(node, text, 'sentence');
      }
      return;
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    if (!/\.tsx?$/.test(name) || /\.test\.tsx?$|\.d\.ts$/.test(name)) return [];
    return [path];
  });
}

/**
 * Every hard-coded user-facing string under `dirs` (relative to the web app's src), reported relative to
 * src. The operators' console (src/admin) is English only and not scanned; nor are the strings
 * themselves (src/i18n) or the service worker.
 */
export function findHardcodedStrings(srcDir: string, dirs: string[]): HardcodedString[] {
  const found: HardcodedString[] = [];
  for (const dir of dirs) {
    const path = join(srcDir, dir);
    const files = statSync(path).isDirectory() ? sourceFiles(path) : [path];
    for (const file of files) scanFile(file, srcDir, found);
  }
  return found;
}

/** The folders of the user app that people read. */
export const USER_APP_DIRS = ['app', 'components', 'features', 'lib', 'main.tsx'];
