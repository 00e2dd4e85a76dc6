/**
 * The course "Quizzes that bring leads" as the app shows it (docs/courses.md): its lessons in
 * order with their length. Titles and summaries are translated in packages/i18n
 * (`courses:course.lessons.<id>.title` / `.summary`); the lessons themselves are on the
 * course platform whose address is the public setting `course_url`.
 */
export interface CourseLesson {
  /** Key of the lesson's texts in `courses:course.lessons`. */
  id: string;
  /** Length of the lesson's video and task, in minutes. */
  minutes: number;
}

export const courseLessons: readonly CourseLesson[] = [
  { id: "why-quizzes", minutes: 12 },
  { id: "goal-audience", minutes: 15 },
  { id: "questions", minutes: 22 },
  { id: "start-page", minutes: 14 },
  { id: "logic-results", minutes: 25 },
  { id: "contact-form", minutes: 12 },
  { id: "publishing", minutes: 18 },
  { id: "analytics", minutes: 20 },
  { id: "leads-to-sales", minutes: 16 },
];

/** The whole course's length as hours and the minutes left over. */
export function courseLength(lessons: readonly CourseLesson[]): { hours: number; minutes: number } {
  const total = lessons.reduce((sum, lesson) => sum + lesson.minutes, 0);
  return { hours: Math.floor(total / 60), minutes: total % 60 };
}
