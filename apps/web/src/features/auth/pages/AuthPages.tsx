import { PlaceholderPage } from '../../../components/ui/PlaceholderPage.tsx';

// Visitor screens; the identity issue builds their forms.

export function LoginPage() {
  return (
    <PlaceholderPage
      page="login"
      title="Sign in"
      backHref="/"
      description="Sign in with your email and password to reach your wallet, markets and earnings."
    />
  );
}

export function RegisterPage() {
  return (
    <PlaceholderPage
      page="register"
      title="Create account"
      backHref="/"
      description="Open an account with your name, email, mobile number and country, then verify your email."
    />
  );
}

export function ForgotPage() {
  return (
    <PlaceholderPage
      page="forgot"
      title="Reset password"
      backHref="/login"
      description="Get a one-time code by email and choose a new password; every other session is signed out."
    />
  );
}

export function TermsPage() {
  return (
    <PlaceholderPage
      page="terms"
      title="Terms of use"
      backHref="/"
      description="The terms that govern trading, deposits, withdrawals and the FIT24 affiliate programme."
    />
  );
}
