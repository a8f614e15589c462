/**
 * A question's title with the site in bold where the title names it ("Pay $42.00 on
 * shop.example?"). The chat's card and the replay's card both name the site once: in the title
 * when it is there, else on a "Site:" line of its own (`namesSite` says which).
 */
export function namesSite(title: string, host: string): boolean {
  return siteIn(title, host) !== null;
}

/** Where the title names the site: as the host, or as its name without the port ("to 127.0.0.1" for 127.0.0.1:4173). */
function siteIn(title: string, host: string): { at: number; shown: string } | null {
  if (!host) return null;
  for (const shown of [host, host.replace(/:\d+$/, '')]) {
    const at = title.lastIndexOf(shown);
    if (at >= 0) return { at, shown };
  }
  return null;
}

export function SiteTitle({ title, host, testId }: { title: string; host: string; testId: string }) {
  const site = siteIn(title, host);
  if (!site) return <>{title}</>;
  return (
    <>
      {title.slice(0, site.at)}
      <b data-testid={testId}>{site.shown}</b>
      {title.slice(site.at + site.shown.length)}
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
