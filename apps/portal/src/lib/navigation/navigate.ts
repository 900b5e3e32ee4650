// Lets shared code (logout, the session-ended flow) change route without importing the router:
// the app registers the data router's navigate once at start-up.
type Navigate = (path: string) => void;

let registered: Navigate | null = null;

export function registerNavigate(navigate: Navigate): () => void {
  registered = navigate;
  return () => {
    if (registered === navigate) registered = null;
  };
}

export function navigateTo(path: string): void {
  if (registered) registered(path);
  else window.location.assign(path);
}
