import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import { tables } from '../shared/src/tables';
import { TABLE_WRITERS, tablesPlugin } from '../eslint/table-writers.js';

const tester = new RuleTester({ languageOptions: { parser: tseslint.parser } });
const rule = tablesPlugin.rules['one-writer'];
const file = (path: string) => `/repo/${path}`;

describe('the one-writer-per-table rule (eslint/table-writers.js)', () => {
  it('names a writer for every table shared/ defines, and no table it does not', () => {
    expect(Object.keys(TABLE_WRITERS).sort()).toEqual(Object.keys(tables).sort());
  });

  it('refuses a second writer, however the table is named; allows reads, condition checks and the owner', () => {
    tester.run('one-writer', rule, {
      valid: [
        { filename: file('functions/src/members/places-repository.ts'), code: "const members = () => tableName('members');\nexport const f = () => ({ Update: { TableName: members(), Key: {} } });" },
        { filename: file('functions/src/lib/http/suspension.ts'), code: "send(new GetCommand({ TableName: tableName('members'), Key: { id } }));" },
        { filename: file('functions/src/sessions/repository.ts'), code: "export const check = { ConditionCheck: { TableName: tableName('mentorships'), Key: {} } };" },
        { filename: file('functions/src/lib/http/idempotency-store.ts'), code: "send(new PutCommand({ TableName: tableName('idempotency'), Item: {} }));" },
      ],
      invalid: [
        {
          filename: file('functions/src/calls/consent.ts'),
          code: "send(new UpdateCommand({ TableName: tableName('sessions'), Key: {} }));",
          errors: [{ messageId: 'secondWriter', data: { table: 'sessions', writers: 'functions/src/sessions/' } }],
        },
        {
          filename: file('functions/src/mentorships/parties-repository.ts'),
          code: "export const place = () => ({ Update: { TableName: members(), Key: {} } });\nconst members = () => tableName('members');",
          errors: [{ messageId: 'secondWriter' }],
        },
        {
          filename: file('functions/src/http/profile/photo-confirm.ts'),
          code: "const table = tableName('members');\nsend(new DeleteCommand({ TableName: table, Key: {} }));",
          errors: [{ messageId: 'secondWriter' }],
        },
        {
          filename: file('functions/src/mentorships/surveys.ts'),
          code: "send(new TransactWriteCommand({ TransactItems: [{ Put: { TableName: tableName('feedback'), Item: {} } }] }));",
          errors: [{ messageId: 'secondWriter', data: { table: 'feedback', writers: 'functions/src/feedback/' } }],
        },
        {
          filename: file('functions/src/feedback/repository.ts'),
          code: "send(new PutCommand({ TableName: tableName('invoices'), Item: {} }));",
          errors: [{ messageId: 'unknownTable' }],
        },
      ],
    });
  });
});
