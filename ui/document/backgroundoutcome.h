// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include "io/readerror.h"

#include <QCoreApplication>
#include <QString>

#include <exception>
#include <new>
#include <optional>
#include <type_traits>
#include <utility>

namespace AttentionLab {

/**
 * What a task run in the background (QtConcurrent) gives back: its value,
 * or why it failed. An exception that left a task would be rethrown by
 * QFuture::result() in the slot that takes it, and end the program there;
 * every background task of the window runs through catching() instead, so
 * that a failure becomes a message the window shows.
 */
template <typename T> struct BackgroundOutcome
{
    std::optional<T> value;
    /// Empty when the task gave a value.
    QString error;
};

/// Calls \a task and returns its value, or the message of whatever it threw:
/// a ReadError's message, "not enough memory", or a standard exception's what().
template <typename Task> auto catching(Task &&task) -> BackgroundOutcome<std::invoke_result_t<Task>>
{
    BackgroundOutcome<std::invoke_result_t<Task>> outcome;
    try {
        outcome.value.emplace(std::forward<Task>(task)());
    } catch (const ReadError &error) {
        outcome.error = error.message;
    } catch (const std::bad_alloc &) {
        outcome.error = QCoreApplication::translate("BackgroundOutcome", "not enough memory");
    } catch (const std::exception &error) {
        outcome.error = QString::fromUtf8(error.what());
    } catch (...) {
        outcome.error = QCoreApplication::translate("BackgroundOutcome", "an unexpected error");
    }
    return outcome;
}

} // namespace AttentionLab
