import { siteConfig } from '../config/site-config';
import { Card, Cards, Page, Section, Steps } from './Page';

export const PartnershipsPage = () => (
  <Page
    eyebrow="Partnerships"
    heading="Bring mentoring to your people"
    lead="We work with employers, universities, colleges and community groups. Together we reach more mentees, recruit more mentors and make every match count."
  >
    <Section heading="How organisations partner with us">
      <Cards>
        <Card heading="Employers">
          <p>Give staff paid time to mentor. It builds leadership skills and connects your team with new talent.</p>
        </Card>
        <Card heading="Universities and colleges">
          <p>Offer your students a mentor from their chosen field, with a cohort that starts each term.</p>
        </Card>
        <Card heading="Community organisations">
          <p>Refer the people you support and co-host workshops designed around their needs.</p>
        </Card>
        <Card heading="Funders">
          <p>Sponsor a cohort of matches and receive a report on what changed for the mentees.</p>
        </Card>
      </Cards>
    </Section>
    <Section heading="How a partnership works" muted>
      <Steps>
        <li>
          <strong>We talk.</strong> We learn what you want to achieve and who you would like mentoring to reach.
        </li>
        <li>
          <strong>We plan together.</strong> We agree on the number of matches, the timing and how we will measure success.
        </li>
        <li>
          <strong>We launch and support.</strong> Our team recruits, trains and matches, and keeps you updated throughout.
        </li>
        <li>
          <strong>We review.</strong> At the end of each cohort we share results and plan the next one with you.
        </li>
      </Steps>
    </Section>
    <Section heading="Start a conversation">
      <p>
        Write to <a href={`mailto:${siteConfig.contactEmail}?subject=Partnership`}>{siteConfig.contactEmail}</a> and tell us a little about
        your organisation. We reply within three working days.
      </p>
    </Section>
  </Page>
);
