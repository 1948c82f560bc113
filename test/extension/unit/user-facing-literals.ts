// Finds fixed words handed to VS Code's user-facing APIs (and to the vscode-free `Questions`)
// without l10n.t: a literal, a template with words, a concatenation or a choice between such, or a
// const in the same file that holds one. What comes from data (a parameter, a call) is not ours to
// judge here; what the file passes through l10n.t is localised.
import ts from 'typescript';

export interface Finding {
  file: string;
  line: number;
  where: string;
  text: string;
}

const NOTIFY = new Set(['showInformationMessage', 'showWarningMessage', 'showErrorMessage', 'notify']);
/** Option properties a person reads, by the call that takes the options object. */
const OPTION_TEXT: Record<string, { arg: number; keys: string[] }> = {
  showQuickPick: { arg: 1, keys: ['title', 'placeHolder'] },
  showInputBox: { arg: 0, keys: ['title', 'prompt', 'placeHolder'] },
  text: { arg: 0, keys: ['title', 'prompt', 'placeHolder'] },
  withProgress: { arg: 0, keys: ['title'] },
  showOpenDialog: { arg: 0, keys: ['title', 'openLabel'] },
  showSaveDialog: { arg: 0, keys: ['title', 'saveLabel'] },
};
/**
 * Where a failure's headline goes (argument index by callee): the whole localised sentence
 * ("Could not sign in"), to which the error helper adds the message and hint. A bare verb phrase
 * here is what #45 did away with; the panels' act/change/mutate and docs' changing pass it on.
 */
const HEADLINE_ARG: Record<string, number> = { showError: 1, withClient: 0, sendWrite: 0, describeError: 1, postError: 1, act: 0, change: 0, mutate: 0, changing: 0 };
/** Object properties that hold a headline (TaskEdit, a channel panel kind). */
const HEADLINE_KEYS = new Set(['headline', 'failure']);
/** Properties of quick pick items and of items/boxes set one by one. */
const ITEM_TEXT = ['label', 'description', 'detail'];
const ASSIGNED_TEXT = new Set(['title', 'placeholder', 'prompt', 'validationMessage', 'tooltip', 'description', 'message', 'text', 'label', 'name']);

/**
 * Words a translator would see: the text minus codicons `$(name)`. One token with `_`, in capitals,
 * in camelCase or with `://` is an example value or a name (`hpt_…`, `DATABASE_URL`, a URL), not wording.
 */
function hasWords(text: string): boolean {
  const words = text.replace(/\$\([a-z0-9~-]+\)/g, '').trim();
  if (!/\s/.test(words) && (words.includes('_') || words.includes('://') || /^\p{Lu}[\p{Ll}\d]*\p{Lu}\w*$/u.test(words))) return false;
  return /\p{L}{2,}/u.test(words);
}

/** The fixed text `expr` carries, or undefined when it carries none. */
function fixedText(expr: ts.Expression, checker: ts.TypeChecker, depth = 0): string | undefined {
  if (ts.isStringLiteral(expr) || ts.isNoSubstitutionTemplateLiteral(expr)) return hasWords(expr.text) ? expr.text : undefined;
  if (ts.isTemplateExpression(expr)) {
    const text = [expr.head.text, ...expr.templateSpans.map((s) => s.literal.text)].join('{}');
    if (hasWords(text)) return text;
    for (const [i, span] of expr.templateSpans.entries()) {
      // `$(${icon})`: a codicon's name
      if ((i === 0 ? expr.head.text : expr.templateSpans[i - 1]!.literal.text).endsWith('$(')) continue;
      const inner = fixedText(span.expression, checker, depth);
      if (inner !== undefined) return inner;
    }
    return undefined;
  }
  if (ts.isParenthesizedExpression(expr) || ts.isAsExpression(expr) || ts.isSatisfiesExpression(expr) || ts.isNonNullExpression(expr)) return fixedText(expr.expression, checker, depth);
  if (ts.isConditionalExpression(expr)) return fixedText(expr.whenTrue, checker, depth) ?? fixedText(expr.whenFalse, checker, depth);
  if (ts.isBinaryExpression(expr)) {
    const op = expr.operatorToken.kind;
    if (op === ts.SyntaxKind.PlusToken) return fixedText(expr.left, checker, depth) ?? fixedText(expr.right, checker, depth);
    if (op === ts.SyntaxKind.QuestionQuestionToken || op === ts.SyntaxKind.BarBarToken) return fixedText(expr.right, checker, depth);
    return undefined;
  }
  if (ts.isIdentifier(expr) && depth < 3) {
    const declaration = checker.getSymbolAtLocation(expr)?.valueDeclaration;
    if (declaration && ts.isVariableDeclaration(declaration) && declaration.initializer && ts.getCombinedNodeFlags(declaration) & ts.NodeFlags.Const) {
      return fixedText(declaration.initializer, checker, depth + 1);
    }
  }
  return undefined;
}

function calleeName(call: ts.CallExpression | ts.NewExpression): string | undefined {
  const callee = call.expression;
  if (ts.isPropertyAccessExpression(callee)) return callee.name.text;
  if (ts.isIdentifier(callee)) return callee.text;
  return undefined;
}

function property(object: ts.ObjectLiteralExpression, key: string): ts.Expression | undefined {
  for (const p of object.properties) if (ts.isPropertyAssignment(p) && (ts.isIdentifier(p.name) || ts.isStringLiteral(p.name)) && p.name.text === key) return p.initializer;
  return undefined;
}

/** What each returned expression of a function given as `validate`/`validateInput` says. */
function returned(fn: ts.Expression): ts.Expression[] {
  if (!ts.isArrowFunction(fn) && !ts.isFunctionExpression(fn)) return [];
  if (!ts.isBlock(fn.body)) return [fn.body];
  const out: ts.Expression[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isReturnStatement(node) && node.expression) out.push(node.expression);
    else if (!ts.isFunctionLike(node)) ts.forEachChild(node, visit);
  };
  ts.forEachChild(fn.body, visit);
  return out;
}

/** Every finding in `files` (paths, or names with their text for a check of the check). */
export function findUnlocalisedText(files: readonly string[], texts?: ReadonlyMap<string, string>): Finding[] {
  const host = ts.createCompilerHost({ noResolve: true, noLib: true });
  if (texts) {
    const read = host.readFile.bind(host);
    host.readFile = (name) => texts.get(name) ?? read(name);
    const exists = host.fileExists.bind(host);
    host.fileExists = (name) => texts.has(name) || exists(name);
    const getSource = host.getSourceFile.bind(host);
    host.getSourceFile = (name, version) => (texts.has(name) ? ts.createSourceFile(name, texts.get(name)!, version) : getSource(name, version));
  }
  const program = ts.createProgram(files, { noResolve: true, noLib: true, types: [] }, host);
  const checker = program.getTypeChecker();
  const findings: Finding[] = [];

  for (const source of program.getSourceFiles()) {
    if (!files.includes(source.fileName)) continue;
    const report = (expr: ts.Expression | undefined, where: string): void => {
      if (!expr) return;
      const text = fixedText(expr, checker);
      if (text !== undefined) findings.push({ file: source.fileName, line: source.getLineAndCharacterOfPosition(expr.getStart(source)).line + 1, where, text });
    };
    const reportOptions = (options: ts.Expression | undefined, keys: readonly string[], where: string): void => {
      if (!options || !ts.isObjectLiteralExpression(options)) return;
      for (const key of keys) report(property(options, key), `${where} ${key}`);
      for (const key of ['validateInput', 'validate']) {
        const fn = property(options, key);
        if (fn) for (const r of returned(fn)) report(r, `${where} ${key}`);
      }
    };
    const reportItems = (items: ts.Expression | undefined, where: string): void => {
      if (!items || !ts.isArrayLiteralExpression(items)) return;
      for (const item of items.elements) {
        if (ts.isObjectLiteralExpression(item)) for (const key of ITEM_TEXT) report(property(item, key), `${where} item ${key}`);
        else if (!ts.isSpreadElement(item)) report(item, `${where} item`);
      }
    };

    const visit = (node: ts.Node): void => {
      if (ts.isCallExpression(node)) {
        const name = calleeName(node);
        if (name && NOTIFY.has(name)) {
          node.arguments.forEach((arg, i) => {
            if (ts.isObjectLiteralExpression(arg)) report(property(arg, 'detail'), `${name} detail`);
            else if (ts.isSpreadElement(arg)) reportItems(arg.expression, name);
            else report(arg, i === 0 ? name : `${name} button`);
          });
        }
        if (name && OPTION_TEXT[name]) reportOptions(node.arguments[OPTION_TEXT[name].arg], OPTION_TEXT[name].keys, name);
        if (name === 'showQuickPick' || name === 'pick') reportItems(node.arguments[0], name);
        if (name === 'pick') report(node.arguments[1], 'pick placeHolder');
        if (name === 'setStatusBarMessage') report(node.arguments[0], name);
        if (name === 'createWebviewPanel') report(node.arguments[1], `${name} title`);
        if (name && Object.hasOwn(HEADLINE_ARG, name)) report(node.arguments[HEADLINE_ARG[name]!], `${name} headline`);
      }
      if (ts.isPropertyAssignment(node) && (ts.isIdentifier(node.name) || ts.isStringLiteral(node.name)) && HEADLINE_KEYS.has(node.name.text)) report(node.initializer, `${node.name.text} property`);
      if (ts.isNewExpression(node)) {
        const name = calleeName(node);
        if (name === 'TreeItem' || name === 'MarkdownString') report(node.arguments?.[0], `new ${name}`);
        if (name === 'WscError') node.arguments?.slice(0, 2).forEach((arg, i) => report(arg, i === 0 ? 'new WscError message' : 'new WscError hint'));
      }
      if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.EqualsToken && ts.isPropertyAccessExpression(node.left) && ASSIGNED_TEXT.has(node.left.name.text)) {
        report(node.right, `.${node.left.name.text} =`);
      }
      if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.EqualsToken && ts.isPropertyAccessExpression(node.left) && node.left.name.text === 'accessibilityInformation' && ts.isObjectLiteralExpression(node.right)) {
        report(property(node.right, 'label'), '.accessibilityInformation label');
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return findings;
}
