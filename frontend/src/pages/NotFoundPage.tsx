import { ButtonLink } from '../components/Button/Button';
import { Page } from './Page';

export const NotFoundPage = () => (
  <Page
    eyebrow="Error 404"
    heading="We couldn’t find that page"
    lead="The link may be out of date, or the page may have moved. Let’s get you back on track."
    actions={
      <>
        <ButtonLink to="/">Go to the home page</ButtonLink>
        <ButtonLink to="/about" variant="secondary">
          Learn about us
        </ButtonLink>
      </>
    }
  />
);
