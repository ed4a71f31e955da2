// The teacher's own calendars (CalDAV or an ICS address): their busy times hide her slots. Add one
// (a CalDAV account first lists its calendars to choose from), see each one's last refresh or its
// error and since when, refresh it now, remove it, and choose how often they are all refreshed.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { calendarFailureKey } from "../../../../shared/calendar-failures.ts";
import { Badge } from "../../components/ui/badge.tsx";
import { bindFields } from "../../components/ui/bind-fields.ts";
import { Button } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { SelectField, TextField } from "../../components/ui/field.tsx";
import { useToast } from "../../components/ui/toaster.tsx";
import { useT } from "../../lib/i18n.tsx";
import { trpc, trpcClient } from "../../trpc.ts";
import { useAdminFailure, useLoadFailure } from "./admin-api.ts";
import { type AdminPrefs, formatAdminDateTime } from "./admin-format.ts";
import { CalendarChangesCard } from "./calendar-changes-card.tsx";

const SYNC_CHOICES = [1, 5, 15, 30, 60];
const EMPTY = { kind: "ics", url: "", username: "", password: "", name: "", calendarUrl: "" };

export function CalendarsCard({ prefs }: { prefs: AdminPrefs }) {
  const t = useT();
  const toast = useToast();
  const fail = useAdminFailure();
  const queryClient = useQueryClient();
  const list = useQuery(trpc.admin.calendars.list.queryOptions());
  useLoadFailure(list.error, t("admin.calendars.loadFailed"));
  const [form, setForm] = useState(EMPTY);
  const [found, setFound] = useState<{ url: string; name: string }[] | null>(null);
  const fields = bindFields(form, (patch) => setForm({ ...form, ...patch }));
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: trpc.admin.calendars.list.queryKey() });
    void queryClient.invalidateQueries({ queryKey: trpc.admin.availability.list.queryKey() });
  };

  const discover = useMutation({
    mutationFn: () =>
      trpcClient.admin.calendars.discover.mutate({ url: form.url, username: form.username, password: form.password }),
    onSuccess: (answer) => {
      setFound(answer.calendars);
      setForm((f) => ({ ...f, calendarUrl: answer.calendars[0]?.url ?? "" }));
    },
    onError: (e) => fail(e, t("admin.calendars.discoverFailed")),
  });
  const add = useMutation({
    mutationFn: () =>
      trpcClient.admin.calendars.add.mutate(
        form.kind === "ics"
          ? { kind: "ics", url: form.url, name: form.name || undefined }
          : {
              kind: "caldav",
              url: form.url,
              username: form.username,
              password: form.password,
              calendarUrl: form.calendarUrl || undefined,
              name: form.name || undefined,
            },
      ),
    onSuccess: () => {
      toast({ title: t("admin.calendars.added"), variant: "success" });
      setForm(EMPTY);
      setFound(null);
      refresh();
    },
    onError: (e) => fail(e, t("admin.calendars.addFailed")),
  });
  const sync = useMutation({
    mutationFn: (id: string) => trpcClient.admin.calendars.sync.mutate({ id }),
    onSuccess: (answer) => {
      toast(
        answer.success
          ? { title: t("admin.calendars.synced", { count: answer.busyEvents }), variant: "success" }
          : {
              title: t("admin.calendars.syncFailed"),
              description: t(calendarFailureKey(answer.error ?? "")),
              variant: "destructive",
            },
      );
      refresh();
    },
    onError: (e) => fail(e, t("admin.calendars.syncFailed")),
  });
  const receive = useMutation({
    mutationFn: (input: { id: string; receivesLessons: boolean }) => trpcClient.admin.calendars.update.mutate(input),
    onSuccess: (answer) => {
      toast({
        title: answer.calendar.receivesLessons ? t("admin.calendars.receiving") : t("admin.calendars.notReceiving"),
        variant: "success",
      });
      refresh();
    },
    onError: (e) => fail(e, t("admin.calendars.receiveFailed")),
  });
  const remove = useMutation({
    mutationFn: (id: string) => trpcClient.admin.calendars.remove.mutate({ id }),
    onSuccess: refresh,
    onError: (e) => fail(e, t("admin.calendars.removeFailed")),
  });
  const setEvery = useMutation({
    mutationFn: (minutes: number) => trpcClient.admin.calendars.setSyncEvery.mutate({ syncEveryMinutes: minutes }),
    onSuccess: refresh,
    onError: (e) => fail(e, t("admin.calendars.settingFailed")),
  });

  const isCaldav = form.kind === "caldav";
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (isCaldav && found === null) discover.mutate();
    else add.mutate();
  };

  return (
    <Card className="p-4 sm:p-5">
      <section aria-labelledby="calendars-title">
        <h2 id="calendars-title" className="font-semibold text-slate-900">
          {t("admin.calendars.title")}
        </h2>
        <p className="mb-3 text-sm text-slate-600">{t("admin.calendars.intro")}</p>
        <p className="mb-3 text-sm text-slate-600">{t("admin.calendars.receiveIntro")}</p>
        <CalendarChangesCard className="mb-3" />
        <ul className="divide-y divide-slate-100" aria-label={t("admin.calendars.list")}>
          {(list.data?.calendars ?? []).map((c) => (
            <li key={c.id} className="flex flex-col gap-2 py-3">
              <div className="flex min-w-0 flex-wrap items-center gap-2">
                <span className="font-medium text-slate-900">{c.name}</span>
                <Badge tone="neutral">{c.kind === "ics" ? "ICS" : "CalDAV"}</Badge>
                <span className="truncate text-xs text-slate-500">{c.host}</span>
                {c.receivesLessons && <Badge tone="blue">{t("admin.calendars.receivesBadge")}</Badge>}
              </div>
              <p className="text-sm text-slate-600">
                {c.lastSyncedAt
                  ? t("admin.calendars.lastSync", {
                      when: formatAdminDateTime(c.lastSyncedAt, prefs),
                      count: c.busyCount,
                    })
                  : t("admin.calendars.neverSynced")}
              </p>
              {c.lastError && (
                <p className="text-sm text-red-700" role="status">
                  {t("admin.calendars.failing", {
                    since: formatAdminDateTime(c.failingSince ?? c.lastSyncedAt ?? new Date(), prefs),
                  })}{" "}
                  {t(calendarFailureKey(c.lastError))}
                </p>
              )}
              <div className="flex flex-wrap gap-2">
                <Button
                  size="sm"
                  variant="outline"
                  disabled={sync.isPending}
                  onClick={() => sync.mutate(c.id)}
                  aria-label={t("admin.calendars.syncNamed", { name: c.name })}
                >
                  {t("admin.calendars.syncNow")}
                </Button>
                {c.kind === "caldav" && (
                  <Button
                    size="sm"
                    variant="outline"
                    disabled={receive.isPending}
                    onClick={() => receive.mutate({ id: c.id, receivesLessons: !c.receivesLessons })}
                    aria-label={
                      c.receivesLessons
                        ? t("admin.calendars.stopReceivingNamed", { name: c.name })
                        : t("admin.calendars.receiveNamed", { name: c.name })
                    }
                  >
                    {c.receivesLessons ? t("admin.calendars.stopReceiving") : t("admin.calendars.receive")}
                  </Button>
                )}
                <Button
                  size="sm"
                  variant="ghost"
                  className="text-red-700"
                  disabled={remove.isPending}
                  onClick={() => remove.mutate(c.id)}
                  aria-label={t("admin.calendars.removeNamed", { name: c.name })}
                >
                  {t("admin.calendars.remove")}
                </Button>
              </div>
            </li>
          ))}
        </ul>
        {list.data && list.data.calendars.length === 0 && (
          <p className="text-sm text-slate-600">{t("admin.calendars.none")}</p>
        )}

        {list.data && (
          <SelectField
            className="mt-3"
            label={t("admin.calendars.every")}
            value={String(list.data.syncEveryMinutes)}
            onChange={(e) => setEvery.mutate(Number(e.target.value))}
            options={[...new Set([...SYNC_CHOICES, list.data.syncEveryMinutes])].map((m) => ({
              value: String(m),
              label: t("admin.calendars.everyMinutes", { count: m }),
            }))}
          />
        )}

        <form className="mt-4 grid gap-3 border-t border-slate-100 pt-4" onSubmit={submit}>
          <h3 className="text-sm font-semibold text-slate-900">{t("admin.calendars.addTitle")}</h3>
          <SelectField
            label={t("admin.calendars.kind")}
            value={form.kind}
            onChange={(e) => {
              setForm({ ...EMPTY, kind: e.target.value });
              setFound(null);
            }}
            options={[
              { value: "ics", label: t("admin.calendars.kindIcs") },
              { value: "caldav", label: t("admin.calendars.kindCaldav") },
            ]}
          />
          <TextField
            label={isCaldav ? t("admin.calendars.serverUrl") : t("admin.calendars.icsUrl")}
            hint={isCaldav ? t("admin.calendars.serverUrlHint") : t("admin.calendars.icsUrlHint")}
            type="url"
            required
            autoComplete="off"
            {...fields.text("url")}
          />
          {isCaldav && (
            <>
              <TextField
                label={t("admin.calendars.username")}
                required
                autoComplete="username"
                {...fields.text("username")}
              />
              <TextField
                label={t("admin.calendars.password")}
                hint={t("admin.calendars.passwordHint")}
                type="password"
                required
                autoComplete="new-password"
                {...fields.text("password")}
              />
            </>
          )}
          {isCaldav && found !== null && (
            <SelectField
              label={t("admin.calendars.choose")}
              value={form.calendarUrl}
              onChange={(e) => setForm({ ...form, calendarUrl: e.target.value })}
              options={found.map((c) => ({ value: c.url, label: c.name }))}
            />
          )}
          {(!isCaldav || found !== null) && <TextField label={t("admin.calendars.name")} {...fields.text("name")} />}
          <div>
            <Button type="submit" disabled={add.isPending || discover.isPending}>
              {isCaldav && found === null ? t("admin.calendars.findCalendars") : t("admin.calendars.add")}
            </Button>
          </div>
        </form>
      </section>
    </Card>
  );
}
