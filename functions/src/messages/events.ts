/** The parts of Stream's message.new and message.read webhooks the consumer reads; the rest is kept but ignored. */
import { z } from 'zod';

const timestamp = z.iso.datetime({ offset: true });
const id = z.string().min(1).max(255);
const channel = { channel_type: z.string().min(1).max(64), channel_id: z.string().min(1).max(64), created_at: timestamp };

/** Stream's webhooks list the channel's members (the first 50), each user with their unread count in this channel. */
const member = z.looseObject({
  user_id: id.optional(),
  user: z.looseObject({ id, channel_unread_count: z.number().int().min(0).optional() }).optional(),
});

export const messageNewSchema = z.looseObject({
  type: z.literal('message.new'),
  ...channel,
  message: z.looseObject({
    id,
    type: z.string().optional(),
    user: z.looseObject({ id }),
    created_at: timestamp,
    parent_id: z.string().nullish(),
    show_in_channel: z.boolean().nullish(),
    silent: z.boolean().nullish(),
  }),
  members: z.array(member).optional(),
});
export type MessageNewEvent = z.infer<typeof messageNewSchema>;

export const messageReadSchema = z.looseObject({
  type: z.literal('message.read'),
  ...channel,
  user: z.looseObject({ id }),
  thread: z.looseObject({ parent_message_id: z.string() }).optional(),
});
export type MessageReadEvent = z.infer<typeof messageReadSchema>;

export const chatMessageEventSchema = z.discriminatedUnion('type', [messageNewSchema, messageReadSchema]);
