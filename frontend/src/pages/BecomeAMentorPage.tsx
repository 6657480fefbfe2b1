import { ButtonLink } from '../components/Button/Button';
import { Card, Cards, Page, Section, Steps } from './Page';

export const BecomeAMentorPage = () => (
  <Page
    eyebrow="Become a mentor"
    heading="Share what you have learned with someone starting out"
    lead="If you have a few years of experience in your field and an hour to spare every two weeks, you can make a real difference to someone’s next step."
    actions={<ButtonLink to="/signup">Sign up as a mentor</ButtonLink>}
  >
    <Section heading="What we ask of mentors">
      <Cards>
        <Card heading="Experience">
          <p>At least three years of work in your field, or a path of your own that others are trying to follow.</p>
        </Card>
        <Card heading="Time">
          <p>About an hour every two weeks for six months, at times the two of you agree on.</p>
        </Card>
        <Card heading="Care">
          <p>Curiosity about your mentee, patience, and the honesty to say when you do not know.</p>
        </Card>
      </Cards>
    </Section>
    <Section heading="How to become a mentor" muted>
      <Steps>
        <li>
          <strong>Create an account.</strong> Sign up and tell us about your experience and what you would enjoy helping with.
        </li>
        <li>
          <strong>Have a short welcome call.</strong> A member of our team gets to know you and answers your questions.
        </li>
        <li>
          <strong>Complete the training.</strong> Ninety minutes online on listening, goal setting and keeping mentees safe.
        </li>
        <li>
          <strong>Meet your mentee.</strong> We suggest a match; once you both agree, you meet for the first time on the platform.
        </li>
      </Steps>
    </Section>
    <Section heading="What you get back">
      <p>
        Mentors tell us they leave sessions with fresh perspectives, sharper coaching skills and the satisfaction of seeing someone grow.
        You also join a community of mentors who meet every quarter to swap ideas.
      </p>
    </Section>
  </Page>
);
