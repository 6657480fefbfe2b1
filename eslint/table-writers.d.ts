import type { ESLint, Rule } from 'eslint';

export declare const TABLE_WRITERS: Record<string, string[]>;
export declare const tablesPlugin: ESLint.Plugin & { rules: { 'one-writer': Rule.RuleModule } };
