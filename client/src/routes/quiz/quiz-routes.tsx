import { AreaPlaceholder } from "../area-placeholder.tsx";

export function QuizHub() {
  return <AreaPlaceholder title="English Activities" />;
}

export function QuizArea() {
  return <AreaPlaceholder title="English Activities" />;
}
