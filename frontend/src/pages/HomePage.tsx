import { ButtonLink } from '../components/Button/Button';
import { Card, Cards, Page, Section, Steps } from './Page';

export const HomePage = () => (
  <Page
    eyebrow="Free one-to-one mentoring"
    heading="Mentoring that changes what’s possible"
    lead="We pair people who are starting out with experienced mentors who have walked the road before them. Regular conversations, video calls and a chat that is always there in between."
    actions={
      <>
        <ButtonLink to="/mentors">Find a mentor</ButtonLink>
        <ButtonLink to="/become-a-mentor" variant="secondary">
          Become a mentor
        </ButtonLink>
      </>
    }
  >
    <Section heading="What mentoring here looks like">
      <p>
        A mentor is not a teacher or a manager. It is someone on your side who listens, asks good questions and shares what they have
        learned, so you can make your own decisions with more confidence.
      </p>
      <Cards>
        <Card heading="Matched with care">
          <p>We read every profile and match mentees with mentors whose experience fits their goals, not just their job title.</p>
        </Card>
        <Card heading="Meet face to face, online">
          <p>Video calls run right in the browser, with nothing to install. Chat keeps the conversation going between meetings.</p>
        </Card>
        <Card heading="Supported all the way">
          <p>Our volunteer team checks in on every match, shares session ideas and is a message away if anything gets stuck.</p>
        </Card>
      </Cards>
    </Section>
    <Section heading="How it works" muted>
      <Steps>
        <li>
          <strong>Sign up and tell us about yourself.</strong> What you want to learn or share, and how much time you have.
        </li>
        <li>
          <strong>Get matched.</strong> We introduce you to a mentor or mentee, usually within two weeks.
        </li>
        <li>
          <strong>Meet regularly.</strong> Most pairs meet for an hour every two weeks for six months, by video call or chat.
        </li>
        <li>
          <strong>Look back and look ahead.</strong> At the end we help you reflect on what changed and plan your next steps.
        </li>
      </Steps>
    </Section>
    <Section heading="Everyone has something to give">
      <p>
        Mentoring is free for mentees. It is made possible by mentors who give their time, volunteers who keep things running, partners
        who open doors and donors who cover what it costs.
      </p>
      <Cards>
        <Card heading="Give an hour a fortnight">
          <p>Share your experience with someone at the start of their path.</p>
          <p>
            <ButtonLink to="/become-a-mentor" variant="secondary">
              Become a mentor
            </ButtonLink>
          </p>
        </Card>
        <Card heading="Help behind the scenes">
          <p>Welcome new members, support matches and run our events.</p>
          <p>
            <ButtonLink to="/volunteer" variant="secondary">
              Volunteer with us
            </ButtonLink>
          </p>
        </Card>
        <Card heading="Bring your organisation">
          <p>Offer mentoring to your staff, students or community.</p>
          <p>
            <ButtonLink to="/partnerships" variant="secondary">
              Partner with us
            </ButtonLink>
          </p>
        </Card>
      </Cards>
    </Section>
  </Page>
);
