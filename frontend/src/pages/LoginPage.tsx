import { Link } from 'react-router';
import { Page } from './Page';

/** A placeholder until the Accounts feature puts its sign-in form here. */
export const LoginPage = () => (
  <Page
    heading="Welcome back"
    lead={
      <>
        Signing in opens soon. New here? <Link to="/signup">Create an account</Link>.
      </>
    }
  />
);
