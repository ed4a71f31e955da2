import { describe, expect, it } from "vitest";
import { classesIn, criticalCss, firstClass, parseCss } from "./critical-css.ts";

// A sheet shaped like Tailwind 4's build: layers, grouped at-rules, escaped utility classes.
const SHEET = [
  "/*! tailwindcss */",
  "@layer properties{@supports (x:y){*,:before{--tw-a:0}}}",
  "@layer theme,base,components,utilities;",
  '@layer theme{:root{--font:"Inter",sans-serif}}',
  "@layer base{[hidden]:where(:not([hidden=until-found])){display:none!important}}",
  "@layer utilities{",
  ".mt-6{margin-top:1.5rem}",
  ".mt-8{margin-top:2rem}",
  ".hover\\:bg-slate-100:hover{background:#eee}",
  ".group-data-\\[active\\=true\\]\\:opacity-100:is(:where(.group)[data-active=true] *){opacity:1}",
  ":where(.space-y-1>:not(:last-child)){margin-block-end:.25rem}",
  ".\\32xl\\:p-4{padding:1rem}",
  '.content-\\[\\"\\}\\"\\]{content:"}"}',
  "@media (width>=40rem){.sm\\:grid-cols-2{grid-template-columns:1fr 1fr}.sm\\:p-8{padding:2rem}}",
  "@media (hover:hover){.hover\\:underline:hover{text-decoration:underline}}",
  "}",
  '@property --tw-a{syntax:"*";inherits:false}',
  "@keyframes spin{to{transform:rotate(1turn)}}",
  "html{scroll-behavior:smooth}",
].join("");

describe("critical CSS", () => {
  it("names a selector by its utility's class, unescaped", () => {
    expect(firstClass(".hover\\:bg-slate-100:hover")).toBe("hover:bg-slate-100");
    expect(firstClass(".group-data-\\[active\\=true\\]\\:opacity-100:is(:where(.group) *)")).toBe(
      "group-data-[active=true]:opacity-100",
    );
    expect(firstClass(":where(.space-y-1>:not(:last-child))")).toBe("space-y-1");
    expect(firstClass(".\\32xl\\:p-4")).toBe("2xl:p-4");
    expect(firstClass("[hidden]")).toBeNull();
  });

  it("reads the classes of an HTML page, entities decoded", () => {
    const html =
      '<div class="mt-6  sm:grid-cols-2"><a class="[&amp;&gt;p]:mt-2 data-[x=&quot;y&quot;]:p-1">x</a></div>';
    expect([...classesIn(html)].sort()).toEqual(["[&>p]:mt-2", 'data-[x="y"]:p-1', "mt-6", "sm:grid-cols-2"]);
  });

  it("keeps the theme, the base, the at-rules and the utilities the page uses, and drops the rest", () => {
    const page = new Set(["mt-6", "sm:grid-cols-2", "group-data-[active=true]:opacity-100", "space-y-1"]);
    const css = criticalCss(parseCss(SHEET), page);
    for (const kept of [
      "--tw-a:0",
      '--font:"Inter",sans-serif',
      "[hidden]:where(:not([hidden=until-found])){display:none!important}",
      "@layer theme,base,components,utilities;",
      ".mt-6{margin-top:1.5rem}",
      "@media (width>=40rem){.sm\\:grid-cols-2{grid-template-columns:1fr 1fr}}",
      ".group-data-\\[active\\=true\\]\\:opacity-100:is(:where(.group)[data-active=true] *){opacity:1}",
      ":where(.space-y-1>:not(:last-child)){margin-block-end:.25rem}",
      '@property --tw-a{syntax:"*";inherits:false}',
      "@keyframes spin{to{transform:rotate(1turn)}}",
      "html{scroll-behavior:smooth}",
    ]) {
      expect(css).toContain(kept);
    }
    for (const dropped of ["mt-8", "hover\\:bg-slate-100", "2xl", "sm\\:p-8", "(hover:hover)", "content-"]) {
      expect(css).not.toContain(dropped);
    }
  });

  it("prints back the whole sheet when the page uses every class", () => {
    const everything = new Set(["mt-6", "mt-8", "hover:bg-slate-100", "group-data-[active=true]:opacity-100"]);
    for (const name of ["space-y-1", "2xl:p-4", 'content-["}"]', "sm:grid-cols-2", "sm:p-8", "hover:underline"]) {
      everything.add(name);
    }
    expect(criticalCss(parseCss(SHEET), everything)).toBe(SHEET.replace("/*! tailwindcss */", ""));
  });
});
