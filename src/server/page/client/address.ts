/**
 * The page's address: #exploration/<folder> and #job/<id> say what is shown, so the back button
 * and a shared link work. main.ts hands over what to do on a change of address (routeBy); the
 * views only go somewhere, so none of them imports the others through the router.
 */

type Route = (focus: boolean) => void;
let route: Route = () => {};

/** The address after the #, decoded: "exploration/<folder>", "job/<id>" or "". */
export const currentAddress = (): string => decodeURIComponent(location.hash.slice(1));

/** Shows what the address names now, and again whenever it changes. */
export function routeBy(handler: Route): void {
  route = handler;
  window.addEventListener("hashchange", () => route(true));
  route(false);
}

/** Goes to an address; going to the one already shown opens it again. */
export function go(hash: string): void {
  if (currentAddress() === hash) route(true);
  else location.hash = encodeURI(hash);
}
