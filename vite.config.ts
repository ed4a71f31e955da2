import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";
import { compileCatalogue } from "./shared/i18n/compile.ts";

const outDir = path.resolve(import.meta.dirname, "dist/client");

/**
 * Writes a .br and a .gz beside every text asset of the build, once, at build time: the server
 * sends them as they are (@fastify/static preCompressed), so a phone downloads about a sixth of
 * the bytes with no compression work per request, proxy or not.
 */
function precompress(): Plugin {
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const file = path.join(dir, name);
      return statSync(file).isDirectory() ? walk(file) : [file];
    });
  return {
    name: "precompress",
    apply: "build",
    closeBundle() {
      for (const file of walk(outDir)) {
        if (!/\.(js|css|html|svg|json)$/.test(file) || file.includes(`${path.sep}.vite${path.sep}`)) continue;
        const content = readFileSync(file);
        if (content.length < 1024) continue;
        writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
        writeFileSync(`${file}.br`, brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
      }
    },
  };
}

/**
 * Writes landing.html: index.html plus modulepreload links for the landing page's own chunks, so
 * the app's `/` downloads them alongside the entry while the other pages never download them. The
 * server sends it for `/` when it cannot render the page itself (server/features/pages).
 */
function landingHtml(): Plugin {
  return {
    name: "landing-html",
    apply: "build",
    enforce: "post",
    generateBundle(_options, bundle) {
      const index = bundle["index.html"];
      const chunks = Object.values(bundle).filter((item) => item.type === "chunk");
      const landing = chunks.find((chunk) => chunk.facadeModuleId?.endsWith("/routes/landing.tsx"));
      const entry = chunks.find((chunk) => chunk.isEntry && !chunk.facadeModuleId?.endsWith("/landing-entry.ts"));
      if (index?.type !== "asset" || !landing || !entry)
        throw new Error("landing-html: index.html or the landing chunk is missing");
      const files = [landing.fileName, ...landing.imports].filter(
        (file) => file !== entry.fileName && !entry.imports.includes(file),
      );
      const links = files.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`).join("\n    ");
      const html = String(index.source).replace("</head>", `  ${links}\n  </head>`);
      this.emitFile({ type: "asset", fileName: "landing.html", source: html });
    },
  };
}

/**
 * The message catalogues (shared/i18n/messages/<locale>/<area>.json) reach the browser compiled:
 * each ICU message parsed at build time by Lingui's own compiler (decision 0013), so the pages
 * carry neither the parser nor the work of running it. Still JSON, which Vite then makes a module.
 */
function compiledMessages(): Plugin {
  return {
    name: "compiled-messages",
    enforce: "pre",
    transform(code, id) {
      if (!/[\\/]shared[\\/]i18n[\\/]messages[\\/][a-z]{2}[\\/][a-z-]+\.json$/.test(id)) return null;
      return { code: JSON.stringify(compileCatalogue(JSON.parse(code) as Record<string, string>)), map: null };
    },
  };
}

export default defineConfig({
  root: "client",
  plugins: [compiledMessages(), react(), tailwindcss(), landingHtml(), precompress()],
  build: {
    // The app (index.html, src/main.tsx) and the landing page's own small script (issue 15).
    rollupOptions: {
      input: {
        index: path.resolve(import.meta.dirname, "client/index.html"),
        home: path.resolve(import.meta.dirname, "client/src/landing-entry.ts"),
      },
    },
    outDir: "../dist/client",
    emptyOutDir: true,
    manifest: true,
    sourcemap: false,
  },
  server: {
    proxy: { "/api": "http://127.0.0.1:3000" },
  },
});
