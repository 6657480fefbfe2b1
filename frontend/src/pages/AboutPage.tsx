import { Card, Cards, Page, Prose, Section } from './Page';

export const AboutPage = () => (
  <Page
    eyebrow="About us"
    heading="Good advice should not depend on who you know"
    lead="We are a non-profit mentoring programme. We connect people who are building their education or career with experienced professionals who volunteer their time, and we support every pair from the first hello to the last session."
  >
    <Section heading="Why we exist">
      <Prose>
        <p>
          Many of the turning points in a career come down to a conversation: someone who explains how an industry really works, reads a
          CV with fresh eyes, or simply says “you can do this” at the right moment. People with a wide network get those conversations
          for free. Many others never do.
        </p>
        <p>
          We started to close that gap. Our mentees include students who are the first in their family at university, people changing
          careers, newcomers building a life in a new country and anyone returning to work after a break.
        </p>
      </Prose>
    </Section>
    <Section heading="What we believe" muted>
      <Cards>
        <Card heading="Mentees lead">
          <p>Each mentee sets their own goals. Mentors listen first and advise second.</p>
        </Card>
        <Card heading="Small and steady">
          <p>An hour every two weeks, kept up for six months, does more than a single inspiring talk.</p>
        </Card>
        <Card heading="Safe and respectful">
          <p>Every mentor is checked and trained, and our code of conduct protects everyone in the programme.</p>
        </Card>
        <Card heading="Open to everyone">
          <p>Mentoring is free for mentees. Our platform works on any phone or computer with a browser.</p>
        </Card>
      </Cards>
    </Section>
    <Section heading="How we run">
      <Prose>
        <p>
          A small staff team and dozens of volunteers run the programme. Donations and our partner organisations pay for the platform,
          training and safeguarding, so that mentees never pay anything.
        </p>
        <p>
          We listen to our members all the time: the Feedback tab on every page goes straight to the team, and we read every message.
        </p>
      </Prose>
    </Section>
  </Page>
);
