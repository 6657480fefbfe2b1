import { randomUUID } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import { mailTo, waitForMail } from '../support/mail';

describe('e-mail on the local stage (aws-ses-v2-local)', () => {
  it("sendMail's SES v2 message lands in the stand-in's inbox, as sent, for its addressee only", async () => {
    // The functions' own sender, pointed at the stage's SES stand-in exactly as the stage points its handlers.
    Object.assign(process.env, {
      AWS_ENDPOINT_URL_SESV2: inject('sesEndpoint')!,
      MAIL_FROM: 'Mentoring (local) <no-reply@mentoring.test>',
      AWS_REGION: 'us-east-1',
      AWS_ACCESS_KEY_ID: 'local',
      AWS_SECRET_ACCESS_KEY: 'local',
    });
    const { sendMail } = await import('../../functions/src/lib/mail/send');
    const to = `mentee-${randomUUID().slice(0, 8)}@example.org`;
    const subject = `Your request was accepted ${randomUUID().slice(0, 4)}`;
    await sendMail({ to, subject, text: 'Grace accepted your request.\nOpen https://example.org/mentorships', html: '<p>Grace accepted your request.</p>' });

    const mail = await waitForMail(inject('sesEndpoint')!, to, (candidate) => candidate.subject === subject);
    expect(mail).toMatchObject({
      from: 'Mentoring (local) <no-reply@mentoring.test>',
      destination: { to: [to], cc: [], bcc: [] },
      subject,
      body: { text: 'Grace accepted your request.\nOpen https://example.org/mentorships', html: '<p>Grace accepted your request.</p>' },
    });
    expect(await mailTo(inject('sesEndpoint')!, `someone-else-${randomUUID().slice(0, 8)}@example.org`)).toEqual([]);
  });

  it('shows the inbox on a web page', async () => {
    const page = await fetch(`${inject('sesEndpoint')!}/`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
  });
});
