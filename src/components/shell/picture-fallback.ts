/**
 * The picture fallback (docs/decisions/045-pictures-drawn-when-offline.md): a few
 * lines of plain script that the root layout puts first in <body>, so they listen
 * before the first <img> is parsed. When a remote picture fails to load (a team
 * logo on ESPN's CDN with no internet, say), its <img> is pointed at the picture
 * we draw for it (/api/art: the team's badge in its colours, the league's shield)
 * and loads that instead; a picture of our own that fails, or one marked
 * `data-no-art` (an admin's preview of a URL being typed, which must show that
 * it is wrong), is marked `data-broken`, which globals.css draws as a plain box.
 * A picture that loads is unmarked. Real pictures are used whenever they load.
 * A cover (`data-art="cover"`: a pack's or contest's square picture) asks for a
 * full-bleed cover drawing instead of a badge.
 *
 * Plain script, not a React component: it runs before hydration, so a page
 * served without internet paints its drawn pictures as early as the real ones,
 * and it adds nothing to any page's JavaScript bundle.
 */
export const PICTURE_FALLBACK_SCRIPT = `(function(){var d=document;function on(e){var i=e.target;if(!i||i.tagName!=="IMG")return;if(e.type==="load"){i.removeAttribute("data-broken");return}var s=i.getAttribute("src")||"";if(/^https?:\\/\\//i.test(s)&&s.indexOf(location.origin+"/")!==0&&!i.hasAttribute("data-no-art")&&i.getAttribute("data-art-for")!==s){i.setAttribute("data-art-for",s);i.removeAttribute("srcset");var k=i.getAttribute("data-art");i.src="/api/art?src="+encodeURIComponent(s)+(k?"&as="+encodeURIComponent(k):"");return}i.setAttribute("data-broken","")}d.addEventListener("error",on,true);d.addEventListener("load",on,true)})();`;
