// The HTML page template (`ssrTemplate` in docusaurus.config.ts): stock 3.6.3's, except how the
// entry scripts load. Stock links them with `defer`, so on a fast connection the browser runs
// them (parse, compile, evaluate ~350 KB) before it paints anything, and Lighthouse counts that
// work into LCP. Here a tiny inline script requests them after the first frame is painted (at
// once when the tab is hidden, as nothing is painted then), in order, so the server-rendered page
// shows first and hydrates right after. Nothing else changes: same head, same markup, and the
// scripts listed in `data-scripts` for scripts/check/budgets.mjs to read.
// The scripts are not preloaded: with a `<link rel="preload" as="script">` per entry script in the
// head, their ~100 KB compete with the page and stylesheet for bandwidth, and the home page's LCP
// doubled under Lighthouse's mobile profile (937 → 1,958 ms) and on slow 3G (2,842 → 5,389 ms),
// same build with and without the hints, medians of 3 (benchmarks/README.md).

/** Runs at the end of <body>; ES5, as the inline scripts of stock Docusaurus are. */
const BOOT = [
  '(function(tag){',
  "var started=false,list=tag.getAttribute('data-scripts').split(' ');",
  'function boot(){if(started)return;started=true;',
  "for(var i=0;i<list.length;i++){var s=document.createElement('script');s.src=list[i];s.async=false;document.body.appendChild(s);}}",
  "if(document.visibilityState==='hidden'||!window.requestAnimationFrame)setTimeout(boot,0);",
  'else{requestAnimationFrame(function(){setTimeout(boot,0);});',
  "document.addEventListener('visibilitychange',boot);}",
  '})(document.currentScript);',
].join('');

export const ssrTemplate = `<!DOCTYPE html>
<html <%~ it.htmlAttributes %>>
  <head>
    <meta charset="UTF-8">
    <meta name="generator" content="Docusaurus v<%= it.version %>">
    <% it.metaAttributes.forEach((metaAttribute) => { %>
      <%~ metaAttribute %>
    <% }); %>
    <%~ it.headTags %>
    <% it.stylesheets.forEach((stylesheet) => { %>
      <link rel="stylesheet" href="<%= it.baseUrl %><%= stylesheet %>" />
    <% }); %>
  </head>
  <body <%~ it.bodyAttributes %>>
    <%~ it.preBodyTags %>
    <div id="__docusaurus"><%~ it.appHtml %></div>
    <%~ it.postBodyTags %>
    <script data-scripts="<%= it.scripts.map((script) => it.baseUrl + script).join(' ') %>">${BOOT}</script>
  </body>
</html>
`;
