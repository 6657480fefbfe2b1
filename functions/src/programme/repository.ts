import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DEFAULT_PROGRAMME, type Programme, type ProgrammeSettings } from '@mentoring/shared';
import { documentClient, tableName } from '../lib/dynamo';

/** The one programme of the deployment: a single item (id = "settings"); the shipped defaults until a coordinator saves. */
const KEY = { id: 'settings' };

type StoredProgramme = Programme & { id: string };

const read = async () =>
  (await documentClient.send(new GetCommand({ TableName: tableName('programme'), Key: KEY, ConsistentRead: true }))).Item as StoredProgramme | undefined;

const strip = ({ id: _id, ...programme }: StoredProgramme): Programme => programme;

/**
 * The one programme reader: the stored settings over the shipped defaults, so a setting added after the
 * item was saved reads as its default.
 */
export const getProgramme = async (): Promise<Programme> => {
  const stored = await read();
  return stored ? { ...DEFAULT_PROGRAMME, ...strip(stored) } : DEFAULT_PROGRAMME;
};

const sameText = (a: string, b: string) => a.replace(/\s+/g, ' ').trim() === b.replace(/\s+/g, ' ').trim();

/**
 * Saves the settings. A changed code of conduct (beyond whitespace) gets the next version, so members
 * are asked to accept it again. Conditional on the stored item being the one read; a concurrent save
 * makes it read again, so the version is always one more than the text it replaced.
 */
export const saveProgramme = async (settings: ProgrammeSettings, now = new Date()): Promise<Programme> => {
  for (let attempt = 0; ; attempt += 1) {
    const stored = await read();
    const current = stored ? strip(stored) : DEFAULT_PROGRAMME;
    const programme: Programme = {
      ...settings,
      codeOfConductVersion: sameText(current.codeOfConduct, settings.codeOfConduct) ? current.codeOfConductVersion : current.codeOfConductVersion + 1,
      updatedAt: now.toISOString(),
    };
    try {
      await documentClient.send(
        new PutCommand({
          TableName: tableName('programme'),
          Item: { ...KEY, ...programme },
          ...(stored
            ? { ConditionExpression: 'updatedAt = :seen', ExpressionAttributeValues: { ':seen': stored.updatedAt } }
            : { ConditionExpression: 'attribute_not_exists(id)' }),
        }),
      );
      return programme;
    } catch (error) {
      if (!(error instanceof ConditionalCheckFailedException) || attempt >= 2) throw error;
    }
  }
};
