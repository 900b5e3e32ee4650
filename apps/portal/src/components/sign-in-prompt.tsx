// What a signed-out visitor sees on a page about their own data that has no login guard (the side
// areas /gridx and /net2grid, which the spec leaves open): why, and a way to sign in.
import { Link } from 'react-router';

export function SignInPrompt({
  text,
  action,
  className,
}: {
  text: string;
  action: string;
  className?: string;
}) {
  return (
    <p className={`gf-surface ${className ?? ''}`}>
      {text}{' '}
      <Link className="gf-button" to="/login">
        {action}
      </Link>
    </p>
  );
}
