import { describe, expect, it } from "vitest";
import { flattenRoutes, matchBranches, matchPattern } from "./route-match.ts";

type R = { id: string; path?: string; index?: boolean; children?: R[] };

// The shape of the app's own route table (client/src/route-table.tsx).
const routes: R[] = [
  {
    id: "root",
    children: [
      { id: "landing", path: "/" },
      {
        id: "data",
        children: [
          {
            id: "book",
            path: "/book",
            children: [
              { id: "book-index", index: true },
              { id: "pricing", path: "pricing" },
              { id: "book-404", path: "*" },
            ],
          },
          { id: "admin", path: "/admin/*" },
          { id: "certificate", path: "/certificates/:code" },
          {
            id: "student-layout",
            children: [
              { id: "dashboard", path: "/student/dashboard" },
              {
                id: "quizzes",
                path: "/student/quizzes",
                children: [
                  { id: "quiz-hub", index: true },
                  { id: "quiz-area", path: "*" },
                ],
              },
            ],
          },
        ],
      },
      { id: "not-found", path: "*" },
    ],
  },
];
const branches = flattenRoutes(routes);
const leaf = (pathname: string) => {
  const match = matchBranches(branches, pathname);
  return match && { ids: match.routes.map((r) => r.id), params: match.params };
};

describe("route matching", () => {
  it("takes the most specific route, whatever the order", () => {
    expect(leaf("/")?.ids).toEqual(["root", "landing"]);
    expect(leaf("/book")?.ids).toEqual(["root", "data", "book", "book-index"]);
    expect(leaf("/book/pricing")?.ids).toEqual(["root", "data", "book", "pricing"]);
    expect(leaf("/book/nothing-here")?.ids.at(-1)).toBe("book-404");
    expect(leaf("/student/quizzes")?.ids.at(-1)).toBe("quiz-hub");
    expect(leaf("/student/dashboard")?.ids).toEqual(["root", "data", "student-layout", "dashboard"]);
    expect(leaf("/elsewhere/deep")?.ids).toEqual(["root", "not-found"]);
  });

  it("passes the rest of the path and named parameters, decoded", () => {
    expect(leaf("/admin/bookings/42")?.params).toEqual({ "*": "bookings/42" });
    expect(leaf("/admin")?.params).toEqual({ "*": "" });
    expect(leaf("/student/quizzes/concept/past%20simple")?.params).toEqual({ "*": "concept/past simple" });
    expect(leaf("/certificates/AB-12")?.params).toEqual({ code: "AB-12" });
  });

  it("ignores trailing slashes and the case of static segments", () => {
    expect(leaf("/book/pricing/")?.ids.at(-1)).toBe("pricing");
    expect(leaf("/Book/Pricing")?.ids.at(-1)).toBe("pricing");
  });

  it("never lets a parameter or a prefix stand for more than its segment", () => {
    expect(matchPattern("/certificates/:code", "/certificates")).toBeNull();
    expect(matchPattern("/certificates/:code", "/certificates/a/b")).toBeNull();
    expect(matchPattern("/book", "/bookings")).toBeNull();
    expect(matchPattern("quiz/:testType", "/quiz/a1")).toEqual({ testType: "a1" });
    expect(matchPattern("/x/:bad", "/x/%E0%A4%A")).toEqual({ bad: "%E0%A4%A" });
  });
});
