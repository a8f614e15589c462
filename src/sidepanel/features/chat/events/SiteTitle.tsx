/**
 * A question's title with the site in bold where the title names it ("Pay $42.00 on
 * shop.example?"). The chat's card and the replay's card both name the site once: in the title
 * when it is there, else on a "Site:" line of its own (`namesSite` says which).
 */
export function namesSite(title: string, host: string): boolean {
  return !!host && title.lastIndexOf(host) >= 0;
}

export function SiteTitle({ title, host, testId }: { title: string; host: string; testId: string }) {
  const at = host ? title.lastIndexOf(host) : -1;
  if (at < 0) return <>{title}</>;
  return (
    <>
      {title.slice(0, at)}
      <b data-testid={testId}>{host}</b>
      {title.slice(at + host.length)}
    </>
  );
}

/** The site on a line of its own, for a title that does not name it (a replay's guess). */
export function SiteLine({ title, host, testId }: { title: string; host: string; testId: string }) {
  if (!host || namesSite(title, host)) return null;
  return (
    <div className="small">
      Site: <b data-testid={testId}>{host}</b>
    </div>
  );
}
