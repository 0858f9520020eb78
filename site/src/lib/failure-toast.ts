// The failure toast of every island (SPEC §8): the server's own message, else the screen's fallback text. A module of
// its own, so a screen that only toasts a failed call does not load the form kit's contract checks with it.
import { serverMessage } from "./api";
import { toast } from "../stores/toast";

/** A failed call as a toast: the server's own message (SPEC §8), else the fallback text (if any). */
export function failureToast(error: unknown, fallback: string | undefined, title = "Error") {
  toast({ variant: "destructive", title, description: serverMessage(error) || fallback || undefined });
}
