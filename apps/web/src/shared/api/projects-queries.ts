import {
  type Project,
  projectEndpoints,
  type Quiz,
  type QuizSummary,
  quizEndpoints,
} from "@leadquiz/contract";
import { notifications } from "@mantine/notifications";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { isApiError } from "@/shared/api/api-error";
import { errorMessage } from "@/shared/api/error-message";
import { useApiClient } from "@/shared/api/services-context";
import { projectsCache } from "./projects-cache";

export const projectsQueryKey = ["projects"] as const;

/** `GET project/`: the account's projects with their quizzes. */
export function useProjects() {
  const api = useApiClient();
  return useQuery({
    queryKey: projectsQueryKey,
    queryFn: ({ signal }) => api.call(projectEndpoints.listProjects, { signal }),
  });
}

/** The summary part of a full Quiz (what the dashboard lists). */
export function toSummary(quiz: Quiz): QuizSummary {
  const { id, project, title, is_published, published_at, created_at, leads_count, public_url } =
    quiz;
  return { id, project, title, is_published, published_at, created_at, leads_count, public_url };
}

interface ProjectsMutation<V, R> {
  call: (variables: V) => Promise<R>;
  /** What the list shows at once (optimistic); put back when the server refuses. */
  optimistic?: (projects: Project[], variables: V) => Project[];
  /** The list once the server answered. */
  applied?: (projects: Project[], result: R, variables: V) => Project[];
  /** i18n key of the confirmation shown on success. */
  success?: string;
  onDone?: (result: R, variables: V) => void;
  /** Called instead of the error toast when the tariff's project allowance is used up. */
  onProjectLimit?: (() => void) | undefined;
}

/**
 * A change of the projects list: shown at once when it has an optimistic form; when the
 * server refuses, the list is put back, re-read, and the translated reason shown.
 */
function useProjectsMutation<V, R>(options: ProjectsMutation<V, R>) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const read = () => queryClient.getQueryData<Project[]>(projectsQueryKey);
  const write = (projects: Project[]) => queryClient.setQueryData(projectsQueryKey, projects);
  return useMutation({
    mutationFn: options.call,
    onMutate: async (variables: V) => {
      await queryClient.cancelQueries({ queryKey: projectsQueryKey });
      const previous = read();
      if (previous && options.optimistic) write(options.optimistic(previous, variables));
      return { previous };
    },
    onError: (error, _variables, context) => {
      if (context?.previous) write(context.previous);
      if (options.onProjectLimit && isApiError(error) && error.code === "project_limit") {
        options.onProjectLimit();
      } else {
        notifications.show({ color: "red", message: errorMessage(error, t) });
      }
    },
    onSuccess: (result, variables) => {
      const current = read();
      if (current && options.applied) write(options.applied(current, result, variables));
      if (options.success) notifications.show({ color: "green", message: t(options.success) });
      options.onDone?.(result, variables);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: projectsQueryKey }),
  });
}

/** Every change the dashboard makes to projects and quizzes. */
export function useDashboardActions(
  handlers: {
    onQuizCreated?: (quiz: Quiz) => void;
    /** A new or copied project was refused: the tariff allows no more this month. */
    onProjectLimit?: () => void;
  } = {},
) {
  const api = useApiClient();
  const newProject = {
    call: (title: string) => api.call(projectEndpoints.createProject, { body: { title } }),
    applied: (projects: Project[], project: Project) => projectsCache.addProject(projects, project),
    onProjectLimit: handlers.onProjectLimit,
  };
  return {
    createProject: useProjectsMutation({ ...newProject, success: "dashboard:project.created" }),
    /** The first run's project, made on the way to the first quiz: no toast of its own. */
    createFirstProject: useProjectsMutation(newProject),
    renameProject: useProjectsMutation({
      call: ({ id, title }: { id: number; title: string }) =>
        api.call(projectEndpoints.updateProject, { params: { id }, body: { title } }),
      optimistic: (projects, { id, title }) => projectsCache.renameProject(projects, id, title),
      applied: (projects, project) => projectsCache.replaceProject(projects, project),
    }),
    setSites: useProjectsMutation({
      call: ({ id, sites }: { id: number; sites: string[] }) =>
        api.call(projectEndpoints.updateProject, { params: { id }, body: { sites } }),
      optimistic: (projects, { id, sites }) => projectsCache.setSites(projects, id, sites),
      applied: (projects, project) => projectsCache.replaceProject(projects, project),
    }),
    copyProject: useProjectsMutation({
      call: (id: number) => api.call(projectEndpoints.copyProject, { body: { id } }),
      applied: (projects, project) => projectsCache.addProject(projects, project),
      success: "dashboard:project.copied",
      onProjectLimit: handlers.onProjectLimit,
    }),
    deleteProject: useProjectsMutation({
      call: (id: number) => api.call(projectEndpoints.deleteProject, { params: { id } }),
      optimistic: (projects, id) => projectsCache.removeProject(projects, id),
      success: "dashboard:project.deleted",
    }),
    createQuiz: useProjectsMutation({
      call: ({ project, title }: { project: number; title: string }) =>
        api.call(quizEndpoints.createQuiz, { body: { project, title } }),
      applied: (projects, quiz) => projectsCache.putQuiz(projects, toSummary(quiz)),
      onDone: (quiz) => handlers.onQuizCreated?.(quiz),
    }),
    copyQuiz: useProjectsMutation({
      call: (id: number) => api.call(quizEndpoints.copyQuiz, { body: { id } }),
      applied: (projects, quiz) => projectsCache.putQuiz(projects, toSummary(quiz)),
      success: "dashboard:quiz.copied",
    }),
    moveQuiz: useProjectsMutation({
      call: ({ id, project }: { id: number; project: number }) =>
        api.call(quizEndpoints.updateQuiz, { params: { id }, body: { project } }),
      optimistic: (projects, { id, project }) => projectsCache.moveQuiz(projects, id, project),
      applied: (projects, quiz) => projectsCache.putQuiz(projects, toSummary(quiz)),
      success: "dashboard:quiz.moved",
    }),
    deleteQuiz: useProjectsMutation({
      call: (id: number) => api.call(quizEndpoints.deleteQuiz, { params: { id } }),
      optimistic: (projects, id) => projectsCache.removeQuiz(projects, id),
      success: "dashboard:quiz.deleted",
    }),
  };
}

export type DashboardActions = ReturnType<typeof useDashboardActions>;
