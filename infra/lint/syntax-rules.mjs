// The project's own lint rules for oxlint (`.oxlintrc.json`, `jsPlugins`): ESLint's
// `no-restricted-syntax` (an AST selector and its message), which oxlint does not implement,
// under one name for each thing it guards, so each has its own files and its own exceptions.

/**
 * @typedef {{ selector: string, message: string }} Restriction
 * @typedef {{ options: Restriction[], report(problem: { node: object, message: string }): void }} RuleContext
 */

/**
 * Reports every node one of the rule's selectors (ESLint's selector syntax) matches, with that
 * selector's message.
 */
const restrictedSyntax = {
  meta: {
    type: 'problem',
    schema: {
      type: 'array',
      items: {
        type: 'object',
        properties: { selector: { type: 'string' }, message: { type: 'string' } },
        required: ['selector', 'message'],
        additionalProperties: false,
      },
    },
  },
  /** @param {RuleContext} context */
  create(context) {
    /** @type {Record<string, (node: object) => void>} */
    const visitors = {};
    for (const { selector, message } of context.options) {
      visitors[selector] = (node) => context.report({ node, message });
    }
    return visitors;
  },
};

export default {
  meta: { name: 'hub' },
  rules: {
    /** SQL outside repositories and reporting modules (issue #31). */
    'sql-in-repositories': restrictedSyntax,
    /** Text people read, written into a page instead of the message catalogs (issue #46). */
    'text-from-catalogs': restrictedSyntax,
  },
};
