import { Link } from 'react-router';
import { Page } from './Page';

/** A placeholder until the Accounts feature puts its sign-up form here. */
export const SignupPage = () => (
  <Page
    heading="Join our mentoring community"
    lead={
      <>
        Creating an account opens soon. Already have one? <Link to="/login">Log in</Link>.
      </>
    }
  />
);
