import { AccessLayout } from './access-layout';
import { SignInScreen } from './sign-in-screen';

export function SignInPage() {
  return (
    <AccessLayout>
      <SignInScreen />
    </AccessLayout>
  );
}
