// The sentences people read that the server side writes in English must each be in a catalog,
// so the web app words them in its reader's language: a service's refusal (RpcFailure) in
// proto's ERROR_TEXTS, a worker's failure reason in proto's FAILURE_REASONS, what to do about a
// failure (an answer's technicalDetails.suggestion) in proto's SUGGESTIONS. Each message
// argument is read from the source (a literal, a template, a constant, a small helper); one that
// cannot be read so must be listed below with why it is fine.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import {
  ERROR_TEXTS,
  errorCodeOf,
  FAILURE_REASONS,
  failureReasonOf,
  SUGGESTIONS,
  suggestionOf,
} from '@hub/proto';

const ROOT = path.resolve(import.meta.dirname, '..');
const SKIPPED = new Set(['node_modules', 'dist', '.turbo', 'test-support', 'migrations']);

function sourcesBelow(folder: string): string[] {
  return readdirSync(path.join(ROOT, folder), { withFileTypes: true }).flatMap((entry) => {
    const relative = `${folder}/${entry.name}`;
    if (entry.isDirectory()) return SKIPPED.has(entry.name) ? [] : sourcesBelow(relative);
    return /(?<!\.test)\.ts$/.test(entry.name) ? [relative] : [];
  });
}

/** A named value (a constant's initializer, a function, a parameter) and where it is seen. */
interface Declaration {
  node: ts.Node;
  scope: ts.Node;
}
type Declarations = Map<string, Declaration[]>;

/** The block, function or file a declaration is seen in. */
function scopeOf(node: ts.Node): ts.Node {
  let at = node.parent;
  while (!ts.isBlock(at) && !ts.isSourceFile(at) && !ts.isFunctionLike(at)) at = at.parent;
  return at;
}

/** Every constant, function and parameter a file declares, by name. */
function declarationsOf(file: ts.SourceFile): Declarations {
  const found: Declarations = new Map();
  const add = (name: ts.Node, node: ts.Node, scope: ts.Node) => {
    if (!ts.isIdentifier(name)) return;
    found.set(name.text, [...(found.get(name.text) ?? []), { node, scope }]);
  };
  const visit = (node: ts.Node) => {
    const constant =
      ts.isVariableDeclaration(node) &&
      node.initializer &&
      ts.isVariableDeclarationList(node.parent) &&
      node.parent.flags & ts.NodeFlags.Const;
    if (constant) add(node.name, node.initializer!, scopeOf(node));
    if (ts.isFunctionDeclaration(node) && node.name) add(node.name, node, scopeOf(node));
    if (ts.isParameter(node)) add(node.name, node, node.parent);
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

/** The declaration a name means where it is used: the innermost scope around it. */
function nearest(candidates: Declaration[], use: ts.Node): Declaration[] {
  const around = candidates.filter(
    ({ scope }) => scope.getStart() <= use.getStart() && use.getEnd() <= scope.getEnd(),
  );
  const inner = Math.max(...around.map(({ scope }) => scope.getStart()));
  return around.filter(({ scope }) => scope.getStart() === inner);
}

/** The sentences an expression may hold, a part filled in at run time as 'x'; null if unknown. */
type Reader = (node: ts.Expression) => string[] | null;

/**
 * `failureMessages`: an error's `.message` is a failure this same scan checks where it is made
 * (a worker passes on its VideoFailure's message), so it adds no sentence of its own.
 */
function readerFor(own: Declarations, all: Declarations, failureMessages: boolean): Reader {
  const tables: Record<string, Record<string, string>> = {
    ERROR_TEXTS,
    FAILURE_REASONS,
    SUGGESTIONS,
  };
  const declared = (name: ts.Identifier): ts.Node[] => {
    const here = nearest(own.get(name.text) ?? [], name);
    const found = here.length > 0 ? here : (all.get(name.text) ?? []);
    return found.map(({ node }) => node);
  };
  const tableText = (table: string, code: string) => {
    const text = tables[table]?.[code];
    return text === undefined ? null : [text.replace(/\{\w+\}/g, 'x')];
  };

  /** A literal union type's members ('video' | 'snapshot'), a parameter's possible values. */
  const literalsOf = (node: ts.Node): string[] | null => {
    if (!ts.isParameter(node) || !node.type || !ts.isUnionTypeNode(node.type)) return null;
    const members = node.type.types.map((type) =>
      ts.isLiteralTypeNode(type) && ts.isStringLiteral(type.literal) ? type.literal.text : null,
    );
    return members.every((member) => member !== null) ? (members as string[]) : null;
  };

  const combine = (parts: string[][]): string[] =>
    parts.reduce<string[]>(
      (sentences, options) => sentences.flatMap((start) => options.map((end) => start + end)),
      [''],
    );

  /** A template's part: a choice between literals or a constant is expanded, else 'x'. */
  const part = (node: ts.Expression): string[] => {
    const choice = ts.isConditionalExpression(node) || ts.isIdentifier(node);
    return (choice && readOrNull(node)) || ['x'];
  };

  function valueOf(node: ts.Node, called: boolean): string[] | null {
    if (ts.isParameter(node)) return literalsOf(node);
    if (ts.isArrowFunction(node) && !ts.isBlock(node.body)) return readOrNull(node.body);
    if (ts.isFunctionDeclaration(node)) return returnedBy(node);
    if (ts.isArrowFunction(node)) return null;
    return called ? null : readOrNull(node as ts.Expression);
  }

  /** `MESSAGES.tooManyRows`: a property of a constant object literal. */
  function propertyOf(node: ts.PropertyAccessExpression): string[] | null {
    if (!ts.isIdentifier(node.expression)) return null;
    const values = declared(node.expression).map((found) => {
      let object: ts.Node = found;
      while (ts.isAsExpression(object) || ts.isParenthesizedExpression(object)) {
        object = object.expression;
      }
      if (!ts.isObjectLiteralExpression(object)) return null;
      const property = object.properties.find(
        (entry) => ts.isPropertyAssignment(entry) && entry.name.getText() === node.name.text,
      );
      return property && ts.isPropertyAssignment(property)
        ? readOrNull(property.initializer)
        : null;
    });
    return values.length > 0 && values.every(Boolean) ? (values.flat() as string[]) : null;
  }

  /** What a name holds, or gives when called: every declaration it may mean must be read. */
  function valuesOf(name: ts.Identifier, called: boolean): string[] | null {
    const values = declared(name).map((found) => valueOf(found, called));
    return values.length > 0 && values.every(Boolean) ? (values.flat() as string[]) : null;
  }

  /** What a function's `return`s give (its own, not those of functions inside it). */
  function returnedBy(node: ts.FunctionDeclaration): string[] | null {
    const returned: ts.Expression[] = [];
    const visit = (child: ts.Node) => {
      if (ts.isReturnStatement(child) && child.expression) returned.push(child.expression);
      if (!ts.isFunctionLike(child)) ts.forEachChild(child, visit);
    };
    if (node.body) ts.forEachChild(node.body, visit);
    const values = returned
      .filter((value) => value.getText() !== 'undefined')
      .map((value) => readOrNull(value));
    return values.every(Boolean) ? (values.flat() as string[]) : null;
  }

  function readOrNull(node: ts.Expression): string[] | null {
    if (ts.isParenthesizedExpression(node) || ts.isAsExpression(node)) {
      return readOrNull(node.expression);
    }
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return [node.text];
    // A failure made with `new` is checked where it is made; it is no sentence of its own here.
    if (failureMessages && ts.isNewExpression(node)) return [];
    if (ts.isTemplateExpression(node)) {
      const spans = node.templateSpans.map((span) =>
        part(span.expression).map((value) => value + span.literal.text),
      );
      return combine([[node.head.text], ...spans]);
    }
    if (ts.isConditionalExpression(node)) {
      const [yes, no] = [readOrNull(node.whenTrue), readOrNull(node.whenFalse)];
      return yes && no ? [...yes, ...no] : null;
    }
    if (ts.isBinaryExpression(node)) {
      const [left, right] = [readOrNull(node.left), readOrNull(node.right)];
      if (node.operatorToken.kind === ts.SyntaxKind.PlusToken && left && right) {
        return combine([left, right]);
      }
      const either = [ts.SyntaxKind.QuestionQuestionToken, ts.SyntaxKind.BarBarToken];
      return either.includes(node.operatorToken.kind) && left && right ? [...left, ...right] : null;
    }
    if (ts.isPropertyAccessExpression(node) && ts.isIdentifier(node.expression)) {
      if (failureMessages && node.name.text === 'message') return [];
      return tableText(node.expression.text, node.name.text) ?? propertyOf(node);
    }
    if (ts.isIdentifier(node) && node.text === 'undefined') return [];
    if (ts.isIdentifier(node) || ts.isCallExpression(node)) return readCall(node);
    return null;
  }

  /** A constant, a helper called with any arguments, or `sentence.replace('a', 'b')`. */
  function readCall(node: ts.Identifier | ts.CallExpression): string[] | null {
    let callee = ts.isCallExpression(node) ? node.expression : node;
    while (ts.isParenthesizedExpression(callee)) callee = callee.expression;
    const args = ts.isCallExpression(node) ? node.arguments : [];
    if (ts.isConditionalExpression(callee)) {
      const sides = [callee.whenTrue, callee.whenFalse].map((side) =>
        ts.isIdentifier(side) ? valuesOf(side, true) : null,
      );
      return sides.every(Boolean) ? (sides.flat() as string[]) : null;
    }
    if (ts.isIdentifier(callee)) {
      if (callee.text === 'errorText' && args[0] && ts.isStringLiteral(args[0])) {
        return tableText('ERROR_TEXTS', args[0].text);
      }
      if (callee.text === 'suggestionText' && args[0] && ts.isStringLiteral(args[0])) {
        return tableText('SUGGESTIONS', args[0].text);
      }
      if (callee.text === 'failureReasonText' && args[0] && ts.isStringLiteral(args[0])) {
        return tableText('FAILURE_REASONS', args[0].text);
      }
      return valuesOf(callee, callee !== node);
    }
    if (ts.isPropertyAccessExpression(callee) && callee.name.text === 'replace') {
      const [from, to] = args;
      const base = readOrNull(callee.expression);
      if (!base || !from || !to || !ts.isStringLiteral(from) || !ts.isStringLiteral(to)) {
        return null;
      }
      return base.map((text) => text.replace(from.text, to.text));
    }
    return null;
  }

  return readOrNull;
}

interface Message {
  where: string;
  source: string;
  sentences: string[] | null;
}

/** The first argument of each call `isMessage` picks, read by the file's reader. */
function messagesIn(
  files: string[],
  isMessage: (node: ts.Node) => ts.Expression | undefined,
  failureMessages = false,
) {
  const parsed = files.map((file) => {
    const text = readFileSync(path.join(ROOT, file), 'utf8');
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
    return { file, source, declarations: declarationsOf(source) };
  });
  // What another file may import: its top-level declarations.
  const all: Declarations = new Map();
  for (const { declarations } of parsed) {
    for (const [name, found] of declarations) {
      const exported = found.filter(({ scope }) => ts.isSourceFile(scope));
      all.set(name, [...(all.get(name) ?? []), ...exported]);
    }
  }
  const messages: Message[] = [];
  for (const { file, source, declarations } of parsed) {
    const read = readerFor(declarations, all, failureMessages);
    const visit = (node: ts.Node) => {
      const argument = isMessage(node);
      if (argument) {
        messages.push({
          where: `${file}: ${argument.getText().replace(/\s+/g, ' ')}`,
          source: file,
          sentences: read(argument),
        });
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return messages;
}

const calleeText = (node: ts.Node) =>
  ts.isCallExpression(node) || ts.isNewExpression(node) ? node.expression.getText() : '';

/** Problems: a message read to a sentence the table lacks, or one not read and not listed. */
function problems(messages: Message[], known: (sentence: string) => boolean, listed: object) {
  const found: string[] = [];
  for (const { where, sentences } of messages) {
    if (sentences === null) {
      if (!(where in listed)) found.push(`not readable: ${where}`);
      continue;
    }
    if (where in listed) continue;
    for (const sentence of sentences) if (!known(sentence)) found.push(`${where} -> ${sentence}`);
  }
  return found;
}

/** Refusals whose text is not the service's own sentence, and why that is fine. */
const SERVICE_EXCEPTIONS = {
  "packages/kit/src/authz/rpc-access.ts: issue?.message ?? 'Invalid request'":
    "a schema's message: the gateway checks the same schema first and answers invalid_field",
  "packages/kit/src/rpc/rpc-handler.ts: issue?.message ?? 'Invalid request'":
    "a schema's message: the gateway checks the same schema first and answers invalid_field",
  'services/video/src/review/face-review.service.ts: error.message':
    "a ReviewRefusal's message, each one checked here where it is thrown",
  "services/video/src/faces/face-references.service.ts: row.rejection ?? 'The photo could not be used.'":
    "the video worker's reason, a FAILURE_REASONS sentence (checked below)",
  'packages/kit/src/rpc/rpc-failure.ts: message': 'the class itself: its callers are checked',
  'services/integration/src/floor/floor.service.ts: message':
    "unique()'s message parameter: each call's sentence is checked",
  'services/integration/src/assignments/assignments.service.ts: error.message':
    "the camera system's own answer (a ProviderError), passed on as it came",
  "services/integration/src/floor/sensors.service.ts: 'Invalid sensor token'":
    "a sensor's refusal: a device reads it, never a person",
  "packages/kit/src/paging/keyset.ts: 'cursor must be a nextCursor this list answered'":
    "an API client's mistake, never a person's: the web app only sends cursors it was given",
};

/** Suggestions whose text is not read here, and why that is fine. */
const SUGGESTION_EXCEPTIONS = {
  'services/integration/src/integrations/integrations.service.ts: error.suggestion':
    "a ProviderError's suggestion, each one checked here where it is made",
  "services/integration/src/provider/provider-answers.ts: body.suggestion ?? 'Ask the camera system administrator to grant this API client access.'":
    "the camera system's own advice, passed on as it came (the web app shows it as written), or ours",
};

/** Camera system failures whose text is not read here, and why that is fine. */
const CAMERA_SYSTEM_EXCEPTIONS = {
  'services/integration/src/provider/provider-answers.ts: said':
    "the camera system's own words (a refusal of its credentials, of access, of a camera), passed on as it wrote them",
  'services/integration/src/provider/provider-answers.ts: failureReasonText(TOO_LARGE[what], { megabytes: megabytesOf(maxBytes) })':
    'one of the too-large sentences by what the answer was: TOO_LARGE holds FAILURE_REASONS codes (its type says so)',
};

/** Worker failures whose text is not read here, and why that is fine. */
const WORKER_EXCEPTIONS = {
  'workers/video/src/enrolment-job.ts: decision.reason': 'a reason reject() was given (checked)',
};

describe('the sentences the server writes for people', () => {
  it("are the services' refusals of proto's error table", () => {
    const services = [...sourcesBelow('services'), ...sourcesBelow('packages')];
    const messages = messagesIn([...services, ...sourcesBelow('proto/src')], (node) => {
      const callee = calleeText(node);
      // `new RpcFailure(kind, message)`, and the floor's `unique(write, message)` passing one on.
      if (ts.isNewExpression(node) && callee === 'RpcFailure') return node.arguments?.[1];
      if (callee === 'this.unique') return (node as ts.CallExpression).arguments[1];
      const refusal =
        /^RpcFailure\.(validation|notFound|forbidden)$/.test(callee) || callee === 'ReviewRefusal';
      return refusal ? (node as ts.CallExpression).arguments?.[0] : undefined;
    });
    expect(messages.length).toBeGreaterThan(100);
    const known = (sentence: string) => errorCodeOf(sentence) !== undefined;
    expect(problems(messages, known, SERVICE_EXCEPTIONS)).toEqual([]);
    // Parsing every service's source takes seconds on a busy machine.
  }, 60_000);

  it("are the workers' reasons of proto's FAILURE_REASONS", () => {
    const workers = [...sourcesBelow('workers/quiz/src'), ...sourcesBelow('workers/video/src')];
    const messages = messagesIn(
      workers,
      (node) => {
        const callee = calleeText(node);
        const failure = ['GenerationFailure', 'VideoFailure', 'refuse'].includes(callee);
        if (failure) return (node as ts.CallExpression).arguments?.[0];
        // A poison policy's reason: a constant, or one worded for another kind of file.
        const poison =
          ts.isPropertyAssignment(node) &&
          node.name.getText() === 'reason' &&
          /^[A-Z_]+(\.replace\(.*\))?$/s.test(node.initializer.getText());
        return poison ? node.initializer : undefined;
      },
      true,
    );
    expect(messages.length).toBeGreaterThan(30);
    const known = (sentence: string) => failureReasonOf(sentence) !== undefined;
    expect(problems(messages, known, WORKER_EXCEPTIONS)).toEqual([]);
  }, 60_000);

  // The camera list's, the camera lookups' and the media calls' own sentences (an answer too
  // large, a camera not found in the pages read) were English the web app showed as written.
  it("are the camera system's failures of proto's FAILURE_REASONS", () => {
    const messages = messagesIn(sourcesBelow('services/integration/src'), (node) =>
      ts.isNewExpression(node) && calleeText(node) === 'ProviderError'
        ? node.arguments?.[1]
        : undefined,
    );
    expect(messages.length).toBeGreaterThan(10);
    const known = (sentence: string) => failureReasonOf(sentence) !== undefined;
    expect(problems(messages, known, CAMERA_SYSTEM_EXCEPTIONS)).toEqual([]);
  }, 60_000);

  // The camera list's suggestions were English the web app showed as written to every reader.
  it("are the services' suggestions of proto's SUGGESTIONS", () => {
    const services = [...sourcesBelow('services'), ...sourcesBelow('packages')];
    const messages = messagesIn(services, (node) => {
      // `{ suggestion: … }` in an answer (not a schema's `z.string()`), and the camera system's
      // failures carrying one to it: `new ProviderError(kind, message, suggestion)`.
      if (
        ts.isPropertyAssignment(node) &&
        node.name.getText() === 'suggestion' &&
        !node.initializer.getText().startsWith('z.')
      ) {
        return node.initializer;
      }
      if (ts.isNewExpression(node) && calleeText(node) === 'ProviderError') {
        return node.arguments?.[2];
      }
      return undefined;
    });
    expect(messages.length).toBeGreaterThan(5);
    const known = (sentence: string) => suggestionOf(sentence) !== undefined;
    expect(problems(messages, known, SUGGESTION_EXCEPTIONS)).toEqual([]);
  }, 60_000);
});
