import { describe, expect, it } from "vitest";
import type { QuestionRow } from "./quiz.data.ts";
import { drawOptionOrder, drawOptionOrders, originalOption, serveQuestion, toPublicQuestion } from "./served.ts";

const item: QuestionRow = {
  id: "b1-test-01",
  question: "She ___ here since May.",
  options: ["lives", "has lived", "is living", "lived"],
  correctAnswer: 1,
  explanation: "'Since May' needs the present perfect; 'lived' would end the stay.",
  skill: "grammar",
  level: "B1",
  difficulty: 3,
  concept: "present-perfect",
  topic: "present perfect",
};

describe("options served in an order drawn per attempt", () => {
  it("draws every order of four options, each a permutation", () => {
    const seen = new Set<string>();
    for (let i = 0; i < 2000; i++) {
      const order = drawOptionOrder(4);
      expect([...order].sort()).toEqual([0, 1, 2, 3]);
      seen.add(order.join(""));
    }
    expect(seen.size).toBe(24);
  });

  it("moves the key with its option, whatever the order", () => {
    for (let i = 0; i < 200; i++) {
      const orders = drawOptionOrders([item]);
      const served = serveQuestion(item, orders);
      expect(served.options[served.correctAnswer]).toBe("has lived");
      expect([...served.options].sort()).toEqual([...item.options].sort());
      // The served index the student picks maps back to the bank's index.
      expect(originalOption(item, orders, served.correctAnswer)).toBe(1);
    }
  });

  it("serves the bank's order for attempts stored before shuffling, or an order that does not fit", () => {
    expect(serveQuestion(item, null)).toEqual(item);
    expect(serveQuestion(item, { [item.id]: [0, 0, 1, 2] })).toEqual(item);
    expect(serveQuestion(item, { [item.id]: [2, 1, 0] })).toEqual(item);
    expect(serveQuestion(item, { [item.id]: [3, 2, 1, 0] }).correctAnswer).toBe(2);
  });

  it("maps no answer and an out-of-range answer to null", () => {
    const orders = { [item.id]: [3, 2, 1, 0] };
    expect(originalOption(item, orders, undefined)).toBeNull();
    expect(originalOption(item, orders, 7)).toBeNull();
    expect(originalOption(item, orders, 0)).toBe(3);
  });

  it("shows the browser the stem and the options only", () => {
    expect(toPublicQuestion(item)).toEqual({ id: item.id, question: item.question, options: item.options });
  });
});
