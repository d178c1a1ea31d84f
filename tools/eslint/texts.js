// ESLint rule `longhouse/texts`: a text a person reads is put on the page through the catalog (web/i18n.js
// `t`, `tn`, `N_`; docs/i18n.md), never as a bare literal. It reports a string or template literal with a
// letter in it (or a `+`, `?:`, `||` of them) where the page shows it:
//  - assigned to DOM text or a named attribute (`el.textContent = "…"`, `.title`, `.placeholder`, `.alt`,
//    `.ariaLabel`, `.innerText`, `.innerHTML`, `document.title`, `el.dataset.tip`/`label`);
//  - `el.setAttribute("title" | "aria-label" | "placeholder" | "alt" | …, "…")`;
//  - given to `append`/`prepend`/`replaceChildren`/`before`/`after`/`replaceWith`, `createTextNode`,
//    `confirm`/`alert`/`prompt`;
//  - given to an element helper (`h(tag, attrs, ...children)`, `svg(…)`): a child, or an attribute of
//    `attrs` that is read (`title`, `aria-label`, `placeholder`, `alt`, `dataset: { label }`, …);
//  - given to a text helper at the argument positions the rule's options name (`toast(text)`,
//    `missingPage(title, text)`, …);
//  - an array of literals whose `.map(…)` makes elements of them (`["Game", "Rated"].map((x) => h("th", {}, x))`).
//  - a literal that reads as prose kept in a table: an object's property value or an array's element
//    (`const TEXT = { hint: "Show a hint" }` … `el.textContent = TEXT.hint`), unless it goes through the
//    catalog (`N_("…")`, `t("…")`) or is no text (a class list, a key, an event name, a URL, a selector,
//    markup, a value under a key such as `class`, `id`, `type`, `href`: NOT_TEXT_KEYS, the key of a pair
//    `["bot queue", N_("Bot queue")]`). What reads as prose: several
//    words with letters (not all lower-case tokens with `-`, `_`, `.`, `:`, `/` or digits in them, which are
//    class lists and keys), or one capitalised word ("Hint"); any worded literal under a key that names a
//    text (`label`, `text`, `title`, `tip`, `hint`, `help`, `message`, …: TEXT_KEYS); a `const` of prose too
//    (`const EMPTY = "no game yet"`). The option `tables: false` turns this check off for a module (none
//    needs it now); a literal that truly is no text passes by `// eslint-disable-next-line longhouse/texts -- why`.
// A text made of names only (the rule's `names`, e.g. "Longhouse") or of no letters ("—", "★", "#12") is
// not a word of any language and passes. tests/js/texts_rule.test.js shows what it catches;
// tests/i18n/test_text_lint.py runs it over every web module.

const TEXT_PROPS = new Set(["textContent", "innerText", "innerHTML", "outerHTML", "title", "placeholder", "alt",
  "ariaLabel", "ariaDescription", "ariaRoleDescription", "ariaValueText", "ariaPlaceholder", "label"]);
const TEXT_ATTRS = new Set(["title", "aria-label", "aria-description", "aria-roledescription", "aria-valuetext",
  "aria-placeholder", "placeholder", "alt", "label", "data-tip", "data-label", "ariaLabel", "textContent"]);
const DATASET_TEXTS = new Set(["tip", "label"]);
const CHILD_METHODS = new Set(["append", "prepend", "replaceChildren", "before", "after", "replaceWith", "createTextNode"]);
const DIALOGS = new Set(["confirm", "alert", "prompt"]);
const DEFAULT_ELEMENTS = ["h", "svg"];
const DEFAULT_HELPERS = { toast: [0], missingPage: [0, 1] };
// Keys whose values are texts a person reads (any worded literal under them is one).
const TEXT_KEYS = new Set(["label", "labels", "text", "texts", "title", "titles", "tip", "tips", "hint", "hints",
  "help", "message", "messages", "caption", "description", "summary", "heading", "placeholder", "alt", "prompt",
  "question", "answer", "note", "legend", "tooltip", "ariaLabel", "aria-label", "word", "words", "phrase"]);
// Keys whose values are never texts: classes, ids, types, URLs, events, keys, styles, shapes.
const NOT_TEXT_KEYS = new Set(["class", "className", "classes", "cls", "id", "type", "role", "href", "src", "rel",
  "target", "method", "d", "viewBox", "style", "key", "code", "event", "events", "kind", "mode", "icon", "accept",
  "autocomplete", "inputmode", "inputMode", "for", "htmlFor", "transform", "fill", "stroke", "font", "color",
  "colour", "path", "url", "action", "name", "selector", "cursor", "display", "lang", "dir", "credentials",
  "cache", "redirect", "referrerPolicy", "sameSite", "tag", "slot", "part", "media", "sizes", "purpose"]);

/** @param {any} node */
function keyName(node) {
  if (!node) return null;
  if (node.type === "Identifier") return node.name;
  if (node.type === "Literal" && typeof node.value === "string") return node.value;
  return null;
}

/** @param {any} callee */
function calleeName(callee) {
  if (callee.type === "Identifier") return callee.name;
  if (callee.type === "MemberExpression" && !callee.computed) return callee.property.name;
  return null;
}

/** @type {import("eslint").Rule.RuleModule} */
export default {
  meta: {
    type: "problem",
    docs: { description: "texts a person reads go through the catalog (t, tn, N_ of web/i18n.js)" },
    schema: [{
      type: "object",
      properties: {
        names: { type: "array", items: { type: "string" } },
        elements: { type: "array", items: { type: "string" } },
        helpers: { type: "object", additionalProperties: { type: "array", items: { type: "integer" } } },
        tables: { type: "boolean" },
      },
      additionalProperties: false,
    }],
    messages: {
      bare: "the text {{text}} is shown outside the catalog: write it as t(\"…\") or tn(…) (web/i18n.js, docs/i18n.md)",
      table: "the text {{text}} is kept in a table outside the catalog: mark it N_(\"…\") and show it with t(entry) (web/i18n.js, docs/i18n.md)",
    },
  },
  create(context) {
    const options = context.options[0] || {};
    const names = [...(options.names || [])].sort((a, b) => b.length - a.length);
    const elements = new Set(options.elements || DEFAULT_ELEMENTS);
    const helpers = { ...DEFAULT_HELPERS, ...(options.helpers || {}) };

    /** Whether a piece of text has a word in it (a letter, once the names are taken out). @param {string} s */
    const worded = (s) => {
      let rest = s;
      for (const n of names) rest = rest.split(n).join(" ");
      return /\p{L}/u.test(rest);
    };

    /** The literals of an expression that put words on the page. @param {any} node @returns {any[]} */
    const bare = (node) => {
      if (!node) return [];
      switch (node.type) {
        case "Literal": return typeof node.value === "string" && worded(node.value) ? [node] : [];
        case "TemplateLiteral": return node.quasis.some((q) => worded(q.value.cooked ?? q.value.raw)) ? [node] : [];
        case "BinaryExpression": return node.operator === "+" ? [...bare(node.left), ...bare(node.right)] : [];
        case "ConditionalExpression": return [...bare(node.consequent), ...bare(node.alternate)];
        case "LogicalExpression": return [...bare(node.left), ...bare(node.right)];
        case "ArrayExpression": return node.elements.flatMap((e) => bare(e));
        case "SpreadElement": return bare(node.argument);
        default: return [];
      }
    };

    /** The literals already reported (a table's check does not report them twice). */
    const reported = new Set();
    const shown = (/** @type {any} */ node) => {
      const text = context.sourceCode.getText(node);
      return text.length > 40 ? `${text.slice(0, 37)}…` : text;
    };
    const report = (node) => {
      for (const found of bare(node)) {
        reported.add(found);
        context.report({ node: found, messageId: "bare", data: { text: shown(found) } });
      }
    };

    /** The words of a literal, names taken out (a template's slots read as a number). @param {any} node */
    const literalText = (node) => {
      if (node.type === "Literal") return typeof node.value === "string" ? node.value : null;
      return node.quasis.map((q) => q.value.cooked ?? q.value.raw).join("0");
    };
    /** Whether a token is technical: lower-case with a sign or digit in it (`seat-red`, `a.b`, `x:y`, `h2`). @param {string} w */
    const technical = (w) => /^[\p{Ll}\d]*[-_.:/=#()[\]\d][\p{Ll}\d_.:/=#()[\]-]*$/u.test(w);
    /** Whether a literal is a URL, a path, a chat command, a selector, markup or an SVG path's data. @param {string} s */
    const address = (s) => /^(?:[a-z][a-z0-9+.-]*:|\.{0,2}\/|[#.[<])/i.test(s.trim()) || /^[MLHVCSQTAZ\d\s.,-]+$/i.test(s);
    /** Whether an array's element is marked for the catalog (`N_("…")`, `t("…")`): its siblings are keys. @param {any} e */
    const marked = (e) => e && e.type === "CallExpression" && ["N_", "t", "tn"].includes(calleeName(e.callee));
    /** Whether a text kept in a table reads as prose (see the header). @param {string} s @param {boolean} textKey */
    const prose = (s, textKey) => {
      if (!worded(s) || address(s)) return false;
      let rest = s;
      for (const n of names) rest = rest.split(n).join(" ");
      const words = rest.split(/\s+/).filter((w) => /\p{L}/u.test(w));
      if (textKey) return !(words.length === 1 && technical(words[0]));
      if (words.length > 1) return !words.every(technical);
      return words.length === 1 && /^\p{Lu}\p{Ll}+[.!?…:]*$/u.test(words[0]);
    };
    /** A literal kept in an object's value or an array's element that reads as prose. @param {any} node */
    const tabled = (node) => {
      if (options.tables === false || reported.has(node)) return;
      let at = node;
      while (at.parent && (at.parent.type === "ConditionalExpression" && at.parent.test !== at
        || at.parent.type === "LogicalExpression" || at.parent.type === "BinaryExpression" && at.parent.operator === "+")) at = at.parent;
      const holder = at.parent;
      if (!holder) return;
      let textKey = false;
      if (holder.type === "Property" && holder.value === at && holder.parent.type === "ObjectExpression") {
        const key = holder.computed ? null : keyName(holder.key);
        if (key && NOT_TEXT_KEYS.has(key)) return;
        textKey = Boolean(key && TEXT_KEYS.has(key));
      } else if (holder.type === "VariableDeclarator") {
        if (holder.init !== at) return;
      } else if (holder.type !== "ArrayExpression" || holder.elements.some(marked)) return;
      const text = literalText(node);
      if (text !== null && prose(text, textKey)) {
        reported.add(node);
        context.report({ node, messageId: "table", data: { text: shown(node) } });
      }
    };

    /** The attributes of an element helper's `attrs` object that the page shows. @param {any} obj */
    const attributes = (obj) => {
      if (!obj || obj.type !== "ObjectExpression") return;
      for (const p of obj.properties) {
        if (p.type !== "Property" || p.computed) continue;
        const key = keyName(p.key);
        if (key === "dataset" && p.value.type === "ObjectExpression") {
          for (const d of p.value.properties) {
            if (d.type === "Property" && DATASET_TEXTS.has(keyName(d.key))) report(d.value);
          }
        } else if (key && TEXT_ATTRS.has(key)) report(p.value);
      }
    };

    /** Whether a function's body makes elements (calls an element helper). @param {any} fn */
    const makesElements = (fn) => {
      let found = false;
      const visit = (n) => {
        if (found || !n || typeof n.type !== "string") return;
        if (n.type === "CallExpression" && elements.has(calleeName(n.callee))) { found = true; return; }
        for (const key of Object.keys(n)) {
          if (key === "parent") continue;
          const v = n[key];
          if (Array.isArray(v)) v.forEach(visit); else if (v && typeof v.type === "string") visit(v);
        }
      };
      visit(fn.body);
      return found;
    };

    return {
      Literal: tabled,
      TemplateLiteral: tabled,
      AssignmentExpression(node) {
        const left = /** @type {any} */ (node.left);
        if (left.type !== "MemberExpression" || left.computed) return;
        const prop = left.property.name;
        const onDataset = left.object.type === "MemberExpression" && !left.object.computed && left.object.property.name === "dataset";
        if (onDataset ? DATASET_TEXTS.has(prop) : TEXT_PROPS.has(prop)) report(node.right);
      },
      CallExpression(/** @type {any} */ node) {
        const name = calleeName(node.callee);
        if (!name) return;
        const args = node.arguments;
        if (name === "setAttribute" && node.callee.type === "MemberExpression") {
          if (TEXT_ATTRS.has(keyName(args[0]))) report(args[1]);
        } else if (CHILD_METHODS.has(name) && node.callee.type === "MemberExpression") {
          args.forEach(report);
        } else if (name === "insertAdjacentText") {
          report(args[1]);
        } else if (DIALOGS.has(name)) {
          report(args[0]);
        } else if (elements.has(name) && node.callee.type === "Identifier") {
          attributes(args[1]);
          args.slice(2).forEach(report);
        } else if (Object.hasOwn(helpers, name) && node.callee.type === "Identifier") {
          for (const i of helpers[name]) report(args[i]);
        } else if (name === "map" && node.callee.type === "MemberExpression" && node.callee.object.type === "ArrayExpression") {
          const fn = args[0];
          if (fn && (fn.type === "ArrowFunctionExpression" || fn.type === "FunctionExpression") && makesElements(fn)) {
            report(node.callee.object);
          }
        }
      },
    };
  },
};
