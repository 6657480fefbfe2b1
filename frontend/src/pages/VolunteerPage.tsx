import { siteConfig } from '../config/site-config';
import { Card, Cards, Page, Section, Steps } from './Page';

export const VolunteerPage = () => (
  <Page
    eyebrow="Volunteer"
    heading="Help keep the programme running"
    lead="Not every volunteer is a mentor. Behind every good match is a team that welcomes new members, supports pairs and organises events. Give a few hours a month, from wherever you are."
  >
    <Section heading="Ways to volunteer">
      <Cards>
        <Card heading="Match supporter">
          <p>Check in with a group of mentoring pairs once a month and help when a match needs a nudge.</p>
        </Card>
        <Card heading="Welcome host">
          <p>Run short welcome calls with new mentors and mentees and answer their first questions.</p>
        </Card>
        <Card heading="Events and workshops">
          <p>Plan and host online workshops on CVs, interviews and networking for our mentees.</p>
        </Card>
        <Card heading="Skills volunteer">
          <p>Lend your design, writing, data or engineering skills to improve our platform and materials.</p>
        </Card>
      </Cards>
    </Section>
    <Section heading="How volunteering works" muted>
      <Steps>
        <li>
          <strong>Write to us.</strong> Send a few lines about yourself and the role that interests you to{' '}
          <a href={`mailto:${siteConfig.contactEmail}?subject=Volunteering`}>{siteConfig.contactEmail}</a>.
        </li>
        <li>
          <strong>Meet the team.</strong> We set up a short call to find the role that fits your time and skills.
        </li>
        <li>
          <strong>Get started.</strong> You get an induction, a buddy from the team and everything you need for the role.
        </li>
      </Steps>
    </Section>
    <Section heading="The time it takes">
      <p>
        Most roles take two to four hours a month and are done entirely online. You can pause at any time: just let us know, and we will
        hand over your work with care.
      </p>
    </Section>
  </Page>
);
