import { oggOpus } from './ogg-opus';
import { recognise } from './recogniser';
import { UtteranceSplitter } from './utterances';

export interface RecognisedUtterance {
  userId: string;
  sessionId: string;
  text: string;
  startedAt: Date;
  endedAt: Date;
}

interface Speaker {
  userId: string;
  sessionId: string;
  splitter: UtteranceSplitter;
  untap: () => void;
}

type Tap = (listener: (payload: Buffer, timestamp: number, level: number | undefined) => void) => () => void;

/**
 * What a call's speakers say, while captions or a transcription run: each speaker's utterances, recognised one at a
 * time (the recogniser takes a core while it runs; two at once would slow both), in the order they ended.
 */
export class CallListener {
  private readonly speakers = new Map<string, Speaker>();
  private readonly ticker: NodeJS.Timeout;
  private queue: Promise<void> = Promise.resolve();
  private closed = false;

  /**
   * `onFailure`: the recogniser failed (ffmpeg could not decode, pocketsphinx crashed or hung): told once, after which
   * the listener hears nothing more, as Stream's captioning and transcription stop when they fail.
   */
  constructor(
    private readonly onUtterance: (utterance: RecognisedUtterance) => void,
    private readonly log: (message: string, details?: unknown) => void,
    private readonly onFailure: (error: Error) => void = () => undefined,
    private readonly recogniseUtterance: (ogg: Buffer) => Promise<string> = recognise,
  ) {
    this.ticker = setInterval(() => {
      for (const speaker of this.speakers.values()) speaker.splitter.tick();
    }, 200);
    this.ticker.unref();
  }

  /** A participant's microphone track, from now on (again after a republish). */
  listen(userId: string, sessionId: string, tap: Tap) {
    this.forget(sessionId);
    const splitter = new UtteranceSplitter((utterance) => {
      const ogg = oggOpus(utterance.packets);
      this.queue = this.queue.then(async () => {
        if (this.closed) return;
        const text = await this.recogniseUtterance(ogg).catch((error: unknown) => {
          this.log('SFU: an utterance could not be recognised', error);
          if (!this.closed) {
            this.closed = true;
            this.onFailure(error instanceof Error ? error : new Error(String(error)));
          }
          return undefined;
        });
        if (text !== undefined && !this.closed) this.onUtterance({ userId, sessionId, text, startedAt: utterance.startedAt, endedAt: utterance.endedAt });
      });
    });
    const untap = tap((payload, timestamp, level) => splitter.push({ payload: Buffer.from(payload), timestamp }, level));
    this.speakers.set(sessionId, { userId, sessionId, splitter, untap });
  }

  forget(sessionId: string) {
    const speaker = this.speakers.get(sessionId);
    if (!speaker) return;
    speaker.untap();
    speaker.splitter.flush();
    this.speakers.delete(sessionId);
  }

  /** Stops listening; what is being recognised still arrives (a transcript ends with the last words). */
  async close() {
    clearInterval(this.ticker);
    for (const sessionId of [...this.speakers.keys()]) this.forget(sessionId);
    await this.queue;
    this.closed = true;
  }
}
