/**
 * One writer per table: each DynamoDB table of shared/src/tables.ts is written by one module of functions/src, and
 * another module that needs a change asks that module (for a whole write, or for the item its own transaction
 * includes, as mentorships do with members' `placeUpdate`). Two writers of one table drift apart: each restates the
 * rules the item's attributes follow (the directory's `listed`, a session's record fields).
 *
 * The rule sees a table as `tableName('<table>')`, or a local helper made of it (`const table = () =>
 * tableName('sessions')`), standing inside a write: a `new PutCommand | UpdateCommand | DeleteCommand |
 * BatchWriteCommand(...)`, or a transaction item's `Put`, `Update` or `Delete`. Reads and a transaction's
 * `ConditionCheck` of another module's table are not writes.
 */

/** Who writes each table: a folder (a module) or a file, relative to the repository. */
export const TABLE_WRITERS = {
  members: ['functions/src/members/'],
  mentorships: ['functions/src/mentorships/'],
  sessions: ['functions/src/sessions/'],
  feedback: ['functions/src/feedback/'],
  calls: ['functions/src/calls/'],
  webhookDeliveries: ['functions/src/calls/'],
  safeguarding: ['functions/src/safeguarding/'],
  notifications: ['functions/src/notifications/'],
  programme: ['functions/src/programme/'],
  groupSessions: ['functions/src/group-sessions/'],
  idempotency: ['functions/src/lib/http/idempotency-store.ts'],
};

const WRITE_COMMANDS = new Set(['PutCommand', 'UpdateCommand', 'DeleteCommand', 'BatchWriteCommand']);
const WRITE_ITEMS = new Set(['Put', 'Update', 'Delete']);

const tableOf = (node) =>
  node?.type === 'CallExpression' && node.callee.type === 'Identifier' && node.callee.name === 'tableName' && node.arguments[0]?.type === 'Literal'
    ? node.arguments[0].value
    : undefined;

/** The table a helper's initialiser names: `tableName('x')`, or an arrow function that answers it. */
const helperTable = (init) => tableOf(init) ?? (init?.type === 'ArrowFunctionExpression' ? tableOf(init.body) : undefined);

const insideWrite = (node) => {
  for (let at = node.parent; at; at = at.parent) {
    if (at.type === 'NewExpression' && at.callee.type === 'Identifier' && WRITE_COMMANDS.has(at.callee.name)) return true;
    if (at.type === 'Property' && at.key.type === 'Identifier' && WRITE_ITEMS.has(at.key.name)) return true;
    if (at.type === 'Property' && at.key.type === 'Identifier' && at.key.name === 'ConditionCheck') return false;
  }
  return false;
};

/** The file's path from the repository's root, as the writers list spells it. */
const repositoryPath = (filename) => {
  const path = filename.replaceAll('\\', '/');
  const at = path.lastIndexOf('functions/src/');
  return at === -1 ? path : path.slice(at);
};

/** @type {import('eslint').Rule.RuleModule} */
const oneWriter = {
  meta: {
    type: 'problem',
    docs: { description: 'A DynamoDB table is written only by the module that owns it (eslint/table-writers.js).' },
    schema: [],
    messages: {
      secondWriter: "Only {{writers}} writes the {{table}} table: ask that module for the write (or for the item your transaction includes) instead of writing it here.",
      unknownTable: 'The {{table}} table has no writer in eslint/table-writers.js: name the one module that writes it.',
    },
  },
  create(context) {
    const path = repositoryPath(context.filename);
    /** Helpers made of tableName, by name: `const table = () => tableName('sessions')`. */
    const helpers = new Map();
    const references = [];
    const check = (node, table) => {
      if (!insideWrite(node)) return;
      const writers = TABLE_WRITERS[table];
      if (!writers) context.report({ node, messageId: 'unknownTable', data: { table } });
      else if (!writers.some((writer) => (writer.endsWith('/') ? path.startsWith(writer) : path === writer))) {
        context.report({ node, messageId: 'secondWriter', data: { table, writers: writers.join(' and ') } });
      }
    };
    return {
      VariableDeclarator(node) {
        const table = node.id.type === 'Identifier' ? helperTable(node.init) : undefined;
        if (table) helpers.set(node.id.name, table);
      },
      CallExpression(node) {
        const table = tableOf(node);
        if (table) check(node, table);
        else if (node.callee.type === 'Identifier') references.push(node);
      },
      Identifier(node) {
        const { parent } = node;
        if (parent?.type === 'CallExpression' && parent.callee === node) return;
        // A key or member named like a helper is not the helper.
        if ((parent?.type === 'Property' && parent.key === node && !parent.computed) || (parent?.type === 'MemberExpression' && parent.property === node && !parent.computed)) return;
        references.push(node);
      },
      'Program:exit'() {
        // Helpers may be declared after their first use in the file (hoisted consts used in functions).
        for (const node of references) {
          const name = node.type === 'CallExpression' ? node.callee.name : node.name;
          const table = helpers.get(name);
          if (!table) continue;
          const declarator = node.parent?.type === 'VariableDeclarator' && node.parent.id === node;
          if (!declarator) check(node, table);
        }
      },
    };
  },
};

export const tablesPlugin = { rules: { 'one-writer': oneWriter } };
