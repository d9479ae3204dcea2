#pragma once

#include <QMainWindow>

class QActionGroup;
class QComboBox;
class QLabel;
class QMenu;
class QSlider;

namespace AttentionLab {

class AttentionDocument;
class EntropyBarsView;
class Autosaver;
class HeatmapView;
class MatrixEditor;
class OutputTable;
class VectorEditor;
struct Session;

/// The window a lecturer projects: the heatmap, the entropy bars, the
/// output and the sliders, with the scaling, the mask order and the
/// temperature always in reach.
class MainWindow : public QMainWindow
{
    Q_OBJECT

public:
    explicit MainWindow(QWidget *parent = nullptr);
    ~MainWindow() override;

    AttentionDocument *document() const { return m_document; }
    HeatmapView *heatmap() const { return m_heatmap; }
    EntropyBarsView *entropyBars() const { return m_bars; }
    VectorEditor *vectorEditor() const { return m_editor; }
    OutputTable *outputTable() const { return m_output; }
    MatrixEditor *matrixEditor() const { return m_matrixEditor; }
    Autosaver *autosaver() const { return m_autosaver; }

    bool openFile(const QString &path);
    /// Offers back the work a crash or a kill left in the recovery file.
    void offerRecovery();
    /// Restores the recovery file's session without asking; false if none.
    bool recoverAutosave();

protected:
    void closeEvent(QCloseEvent *event) override;
    void dragEnterEvent(QDragEnterEvent *event) override;
    void dropEvent(QDropEvent *event) override;

private:
    void createActions();
    void updateTitle();
    void updateStatus();
    void syncControls();
    bool maybeSave();
    bool save();
    bool saveAs();
    void open();
    void loadPreset(const Session &session, const QString &name);
    void addRecentFile(const QString &path);
    void updateRecentMenu();

    AttentionDocument *m_document;
    HeatmapView *m_heatmap;
    EntropyBarsView *m_bars;
    VectorEditor *m_editor;
    OutputTable *m_output;
    MatrixEditor *m_matrixEditor;
    Autosaver *m_autosaver;
    QMenu *m_recentMenu = nullptr;
    QComboBox *m_quantity = nullptr;
    QComboBox *m_colorMap = nullptr;
    QAction *m_scaleAction = nullptr;
    QActionGroup *m_maskGroup = nullptr;
    QSlider *m_temperature = nullptr;
    QLabel *m_temperatureLabel = nullptr;
    QLabel *m_status = nullptr;
};

} // namespace AttentionLab
