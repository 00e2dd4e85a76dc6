import type { SessionChannel, SessionNews } from "@/shared/session/session-store";

/** The tabs of one browser: each channel hears what the others post (as BroadcastChannel). */
export function channelHub() {
  const listeners = new Map<SessionChannel, (news: SessionNews) => void>();
  const posted: SessionNews[] = [];
  return {
    posted,
    channel(): SessionChannel {
      const self: SessionChannel = {
        post(news) {
          posted.push(news);
          for (const [other, listener] of listeners) if (other !== self) listener(news);
        },
        subscribe(listener) {
          listeners.set(self, listener);
          return () => listeners.delete(self);
        },
      };
      return self;
    },
  };
}
